/* The decision log and the debug messages: see fo_decision_line in first-open-gtk-module.h. */
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "first-open-gtk-module.h"

/* The decision log: `$XDG_STATE_HOME/first-open/gtk-module.log`, written only when the
 * user created it (`touch` turns it on, `rm` off). Hosts may swallow GLib's messages
 * (Meld, as Python apps do, installs its own log handler), so the module's decision is
 * appended there for any host, one line each. Never created, never followed as a
 * symbolic link, never written past 1 MiB, nor when it is another user's file. */
#define DECISION_LOG_LIMIT (1024 * 1024)

/* The decision log open for appending, or -1 (see above). */
int
fo_open_decision_log (void)
{
  g_autofree char *state = fo_xdg_state_home ();
  g_autofree char *path = g_build_filename (state, "first-open", "gtk-module.log", NULL);
  struct stat info;
  int fd;

  fd = open (path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  if (fstat (fd, &info) != 0 || !S_ISREG (info.st_mode) || info.st_uid != geteuid ()
      || info.st_size >= DECISION_LOG_LIMIT)
    {
      close (fd);
      return -1;
    }
  return fd;
}

static void
append_to_decision_log (const char *line)
{
  g_autofree char *text = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = now != NULL ? g_date_time_format (now, "%Y-%m-%dT%H:%M:%S%:z") : g_strdup ("-");
  int fd = fo_open_decision_log ();

  if (fd < 0)
    return;
  text = g_strdup_printf ("%s %s[%d] %s\n", stamp, g_get_prgname () != NULL ? g_get_prgname () : "?",
                          (int) getpid (), line);
  if (write (fd, text, strlen (text)) < 0)
    { /* A full disk: the log is only for people. */ }
  close (fd);
}

/* What the module decided, for G_MESSAGES_DEBUG=first-open-gtk-module and the log. */
void
fo_decision_line (const char *message, const char *detail)
{
  g_autofree char *line = g_strdup_printf ("%s%s%s", message, detail != NULL ? ": " : "",
                                           detail != NULL ? detail : "");

  g_log_structured (FO_LOG_DOMAIN, G_LOG_LEVEL_DEBUG, "MESSAGE", "%s", line);
  append_to_decision_log (line);
}
