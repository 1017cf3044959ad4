/* Starts a command and times, as a user sees it, when its window appears: the X11
 * MapNotify of a toplevel with the given title, seen by watching the root window's
 * SubstructureNotify events (no polling, no window manager needed). Then, with
 * --until-exit, waits for the command to quit by itself (the programs measured quit
 * after their first frame is drawn); otherwise it ends the command with SIGTERM.
 *
 *   mapwatch [--until-exit] TITLE COMMAND [ARG...]
 *
 * Each run starts as the first GTK program on the display (see GDK_VISUALS below).
 *
 * Prints one line: "<seconds until mapped> <peak RSS KiB when mapped>
 * <seconds until exit> <peak RSS KiB at exit> <CPU seconds until mapped>
 * <CPU seconds until exit>" (the exit figures are 0 without --until-exit). The RSS
 * when mapped is VmHWM of the command's process, which keeps its pid across exec
 * (first-open execs its window helper); its CPU time then is the sum of its threads'
 * /proc/PID/task/TID/schedstat (nanoseconds on a CPU: unlike wall time, it hardly
 * moves when other work competes for the CPUs), at exit user + system time. Exit
 * status 0, or 70 when no such window appeared within 20 s or the command failed.
 */
#define _GNU_SOURCE
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

/* The window's title: _NET_WM_NAME (UTF-8, what GTK sets), else WM_NAME. */
static int has_title(Display *display, Window window, const char *title) {
    Atom net_wm_name = XInternAtom(display, "_NET_WM_NAME", False);
    Atom utf8 = XInternAtom(display, "UTF8_STRING", False);
    Atom type;
    int format;
    unsigned long count, after;
    unsigned char *value = NULL;
    int match = 0;
    if (XGetWindowProperty(display, window, net_wm_name, 0, 1024, False, utf8, &type, &format, &count,
                           &after, &value) == Success && value) {
        match = strcmp((const char *)value, title) == 0;
        XFree(value);
        if (match) return 1;
    }
    char *name = NULL;
    if (XFetchName(display, window, &name) && name) {
        match = strcmp(name, title) == 0;
        XFree(name);
    }
    return match;
}

static long peak_rss_kib(pid_t pid) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *status = fopen(path, "r");
    long kib = 0;
    if (!status) return 0;
    while (fgets(line, sizeof line, status))
        if (sscanf(line, "VmHWM: %ld kB", &kib) == 1) break;
    fclose(status);
    return kib;
}

/* A window can be destroyed between its MapNotify and our look at its title (the
 * previous run's program quitting): such a BadWindow is no reason to stop. */
static int ignore_bad_window(Display *display, XErrorEvent *error) {
    if (error->error_code == BadWindow) return 0;
    fprintf(stderr, "mapwatch: X error %d\n", error->error_code);
    exit(70);
}

/* CPU time so far of every thread of `pid`, in seconds. */
static double cpu_seconds(pid_t pid) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
    DIR *tasks = opendir(path);
    double total = 0;
    if (!tasks) return 0;
    struct dirent *task;
    while ((task = readdir(tasks))) {
        if (task->d_name[0] == '.') continue;
        char file[384];
        unsigned long long nanoseconds;
        snprintf(file, sizeof file, "%s/%s/schedstat", path, task->d_name);
        FILE *stat = fopen(file, "r");
        if (!stat) continue;
        if (fscanf(stat, "%llu", &nanoseconds) == 1) total += nanoseconds / 1e9;
        fclose(stat);
    }
    closedir(tasks);
    return total;
}

int main(int argc, char **argv) {
    int until_exit = argc > 1 && strcmp(argv[1], "--until-exit") == 0;
    if (argc < 3 + until_exit) return 64;
    const char *title = argv[1 + until_exit];
    char **command = argv + 2 + until_exit;

    /* Xvfb resets when its last client leaves and refuses connections meanwhile
     * (xvfb-run without -noreset): retry for up to 2 s. */
    Display *display = NULL;
    for (int attempt = 0; !display && attempt < 100; attempt++) {
        display = XOpenDisplay(NULL);
        if (!display) usleep(20000);
    }
    if (!display) { fprintf(stderr, "mapwatch: cannot open the display\n"); return 69; }
    XSetErrorHandler(ignore_bad_window);
    XSelectInput(display, DefaultRootWindow(display), SubstructureNotifyMask);
    /* GTK 3 keeps the GLX visuals it found in the root window's GDK_VISUALS property,
     * and later GTK programs on the same display then skip loading GL at start-up.
     * Removing it makes every run the first GTK program of a session, as first-open
     * often is at login (its worst case, and the same for every program measured). */
    Atom visuals = XInternAtom(display, "GDK_VISUALS", True);
    if (visuals != None) XDeleteProperty(display, DefaultRootWindow(display), visuals);
    XSync(display, False);

    double start = now();
    pid_t pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        execvp(command[0], command);
        _exit(127);
    }
    double mapped = 0, mapped_cpu = 0;
    long mapped_rss = 0;
    struct pollfd fd = { .fd = ConnectionNumber(display), .events = POLLIN };
    while (!mapped && now() - start < 20) {
        while (!mapped && XPending(display)) {
            XEvent event;
            XNextEvent(display, &event);
            if (event.type == MapNotify && has_title(display, event.xmap.window, title)) {
                mapped = now() - start;
                mapped_rss = peak_rss_kib(pid);
                mapped_cpu = cpu_seconds(pid);
            }
        }
        if (mapped) break;
        int status;
        if (waitpid(pid, &status, WNOHANG) == pid) {
            fprintf(stderr, "mapwatch: %s exited before a window titled \"%s\" was mapped\n", command[0], title);
            return 70;
        }
        poll(&fd, 1, 50);
    }
    if (!mapped) {
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
        fprintf(stderr, "mapwatch: no window titled \"%s\" within 20 s\n", title);
        return 70;
    }
    if (!until_exit) kill(pid, SIGTERM);
    int status;
    struct rusage usage;
    wait4(pid, &status, 0, &usage);
    double exited = now() - start;
    if (until_exit && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
        fprintf(stderr, "mapwatch: %s failed\n", command[0]);
        return 70;
    }
    double cpu = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
    printf("%.6f %ld %.6f %ld %.6f %.6f\n", mapped, mapped_rss, until_exit ? exited : 0.0,
           until_exit ? usage.ru_maxrss : 0L, mapped_cpu, until_exit ? cpu : 0.0);
    XCloseDisplay(display);
    return 0;
}
