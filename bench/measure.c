/* bench/measure.c — the benchmarks' timer (bench/run, bench/scale
   compile it): runs one command and reports its wall time, peak RSS,
   exit status, CPU time and page faults.  */
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
/* measure CMD ARGS...: run CMD; print "seconds maxrss_kb status
   cpu_seconds page_faults" on fd 3.  */
int main(int argc, char **argv) {
  struct timespec t0, t1;
  if (argc < 2) return 2;
  fcntl(3, F_SETFD, FD_CLOEXEC); /* the measured command does not see it */
  clock_gettime(CLOCK_MONOTONIC, &t0);
  pid_t pid = fork();
  if (pid == 0) {
    execvp(argv[1], argv + 1);
    perror(argv[1]);
    _exit(127);
  }
  int st = 0;
  struct rusage ru;
  if (pid < 0 || wait4(pid, &st, 0, &ru) < 0) return 2;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  FILE *f = fdopen(3, "w");
  if (!f) return 2;
  double cpu = ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
               ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
  fprintf(f, "%.6f %ld %d %.6f %ld\n", (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9,
          ru.ru_maxrss, WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st), cpu,
          ru.ru_minflt + ru.ru_majflt);
  return 0;
}
