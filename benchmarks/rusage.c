/* Runs a command once and prints "<wall seconds> <peak RSS KiB> <CPU seconds>" of
 * that child (CPU: user + system; on a busy machine it moves less than wall time).
 * A small C parent, because a child forked from Python (or vforked with a shared
 * address space) starts with the interpreter's pages in its peak RSS. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 2) return 64;
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        execv(argv[1], argv + 1);
        _exit(127);
    }
    int status;
    struct rusage usage;
    wait4(pid, &status, 0, &usage);
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
    double cpu = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6
               + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
    printf("%.6f %ld %.6f\n", seconds, usage.ru_maxrss, cpu);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 70;
}
