/* A blocking call that a program runs in a child under a periodic
 * SIGALRM with SA_RESTART (hostwait2.c, splicenb.c): a case names the
 * call and what lets it complete, and restarted runs it with
 * alarmtell.h's handshake and prints its outcome (usr1wait.h's). Shared by
 * the programs that include it (each is one static translation unit);
 * it includes alarmtell.h and usr1wait.h. */
#include "alarmtell.h"
#include "usr1wait.h"

/* A case: its call, and what lets the call complete (done). */
struct wcase {
	const char *name;
	long (*call)(void);
	void (*done)(void);
};

/* restarted runs c's call in a child that catches a periodic SIGALRM
 * with SA_RESTART; the first handler tells the parent, which then lets
 * the call complete. */
static void restarted(const struct wcase *c) {
	int fd;
	pid_t pid = forktold(&fd);
	if (pid == 0) {
		catch(1, fd);
		timer(20000);
		long r = c->call();
		timer(0);
		char s[64];
		outcome(s, sizeof s, r);
		printf("%s under SA_RESTART: %s (handler ran: %s)\n", c->name, s, ran ? "yes" : "no");
		_exit(0);
	}
	if (told(fd))
		c->done();
	reap(pid, fd);
}
