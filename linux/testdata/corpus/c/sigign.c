// sigign: the signals a program starts with ignored are those its parent
// left ignored across execve (nohup's SIGHUP; the SIGINT and SIGQUIT a
// shell ignores for a job it starts in the background), as Linux keeps
// SIG_IGN at exec. Prints the disposition of each signal named in its
// arguments (HUP, INT); without arguments, nothing (TestCorpus).
// TestRunnerIgnoredSignals runs it under a shell that ignores them.
#include <signal.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
	static const struct {
		const char *name;
		int sig;
	} names[] = {{"HUP", SIGHUP}, {"INT", SIGINT}};
	for (int i = 1; i < argc; i++) {
		for (unsigned j = 0; j < sizeof names / sizeof names[0]; j++) {
			if (strcmp(argv[i], names[j].name) != 0)
				continue;
			struct sigaction sa;
			if (sigaction(names[j].sig, NULL, &sa) != 0) {
				perror("sigaction");
				return 1;
			}
			printf("%s %s\n", names[j].name, sa.sa_handler == SIG_IGN ? "ignored" : sa.sa_handler == SIG_DFL ? "default" : "handled");
		}
	}
	return 0;
}
