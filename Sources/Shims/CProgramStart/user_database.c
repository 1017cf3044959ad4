/* See program-start.h: the user database of a statically linked first-open. */
#include <nss.h>
#include <sys/auxv.h>

/* A static executable cannot use glibc's NSS modules: they are shared objects built
 * against the system's libc.so, and loading one into a program with its own static libc
 * crashed it (libnss_systemd's getpwuid_r, reached through g_get_user_name or
 * g_get_home_dir for a uid without a passwd line: systemd DynamicUser=, containers with
 * arbitrary uids). So such a program reads the user and group databases from their
 * files, which static glibc does itself; a user known only to another source (LDAP,
 * sssd, systemd-homed) is then unknown to it, and first-open takes the login name and
 * home from USER/LOGNAME and HOME, which every login sets. A dynamically linked
 * first-open (FIRST_OPEN_LOGIN_LINKING=dynamic), and the window helper, keep every source. */
static void
use_database_files_when_static (int argc, char **argv, char **envp)
{
  (void) argc;
  (void) argv;
  (void) envp;
  /* AT_BASE is the program interpreter's address: 0 when there is none, a static program. */
  if (getauxval (AT_BASE) != 0)
    return;
  __nss_configure_lookup ("passwd", "files");
  __nss_configure_lookup ("group", "files");
}

__attribute__((section (".init_array"), used))
static void (*const use_database_files_entry) (int, char **, char **) = use_database_files_when_static;
