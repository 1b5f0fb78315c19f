/* mq_notify as Linux gives it: SIGEV_SIGNAL posts the signal with si_code
   SI_MESGQ, the registration's si_value and the sender's pid when a message
   reaches the empty queue (here a child's), once; a second registration is
   EBUSY until the first is removed (mq_notify(NULL)) or used, and another
   process's mq_notify(NULL) or close does not remove it (nor a
   SIGEV_THREAD one); SIGEV_NONE
   registers without a notification; SIGEV_THREAD (glibc's netlink helper
   thread) runs the function; a bad sigev_notify or signal is EINVAL, a
   descriptor that is no queue EBADF. The owner's close of any descriptor
   of the queue removes its registration (mqueue_flush_file), and so does
   its execve, which closes mq_open's close-on-exec descriptors; a
   descriptor kept open over execve keeps it, but the signal is dropped
   (Linux's self_exec_id check) and the registration used. A receiver
   waiting in mq_receive takes the message and no one is notified: the
   registration stays (the program waits until /proc says the receiving
   thread sleeps, yielding the processor meanwhile: a handshake, nothing
   timed). qemu-user 7.2 does not implement
   mq_notify (ENOSYS): the expected output (mqnotify.expected) is a native
   run of this program on the x86-64 host (Linux), whose output does not
   depend on the architecture. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <mqueue.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "mqhelp.h"

static void err(const char *what, int r) {
	printf("%s: %d %s\n", what, r, r < 0 ? strerror(errno) : "ok");
}

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int ran;
static int seen;

static void onthread(union sigval v) {
	pthread_mutex_lock(&mu);
	ran = v.sival_int;
	pthread_cond_signal(&cv);
	pthread_mutex_unlock(&mu);
}

/* afterExec is the program run again by execve from a child that
   registered a SIGEV_SIGNAL notification (SIGUSR1, blocked) on queue
   name: with its descriptor kept open over execve (how "kept") or with
   none ("closed"). */
static int afterExec(const char *how, const char *name) {
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	struct sigevent sv;
	memset(&sv, 0, sizeof sv);
	sv.sigev_notify = SIGEV_SIGNAL;
	sv.sigev_signo = SIGUSR1;
	mqd_t eq = mq_open(name, O_RDWR);
	if (strcmp(how, "closed") == 0) {
		err("after execve, descriptors closed: registration gone", mq_notify(eq, &sv));
		mq_notify(eq, NULL);
		return 0;
	}
	err("after execve, descriptor kept: still registered", mq_notify(eq, &sv));
	mq_send(eq, "k", 1, 0);
	struct timespec zero = {0, 0};
	siginfo_t si;
	err("after execve: no signal", sigtimedwait(&set, &si, &zero));
	err("after execve: registration used", mq_notify(eq, &sv));
	mq_notify(eq, NULL);
	char b[64];
	mq_receive(eq, b, sizeof b, NULL);
	return 0;
}

int main(int argc, char **argv) {
	if (argc == 3)
		return afterExec(argv[1], argv[2]);
	char name[64], buf[64];
	sigset_t set;
	mqd_t q = new_queue("mqnotify", name, sizeof name, &set);
	if (q < 0)
		return 1;
	struct mq_attr at;

	struct sigevent ev;
	memset(&ev, 0, sizeof ev);
	ev.sigev_notify = 77;
	err("bad sigev_notify", mq_notify(q, &ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = 65;
	err("bad signal", mq_notify(q, &ev));
	ev.sigev_signo = SIGUSR1;
	err("not a queue", mq_notify(1, &ev));
	err("bad pointer", syscall(SYS_mq_notify, q, (void *)8));

	ev.sigev_value.sival_int = 4242;
	err("register signal", mq_notify(q, &ev));
	err("register again", mq_notify(q, &ev));
	err("unregister", mq_notify(q, NULL));
	err("register after unregister", mq_notify(q, &ev));

	/* Another process's mq_notify(NULL) and close leave the registration. */
	fflush(stdout);
	pid_t o = fork();
	if (o == 0) {
		mqd_t cq = mq_open(name, O_WRONLY);
		printf("other process's unregister: %d\n", mq_notify(cq, NULL));
		printf("other process's register: %d %s\n", mq_notify(cq, &ev), strerror(errno));
		mq_close(cq);
		fflush(stdout);
		_exit(0);
	}
	waitpid(o, NULL, 0);
	err("still registered", mq_notify(q, &ev));

	pid_t c = fork();
	if (c == 0) {
		mqd_t cq = mq_open(name, O_WRONLY);
		mq_send(cq, "one", 3, 0);
		mq_send(cq, "two", 3, 0);
		_exit(0);
	}
	waitpid(c, NULL, 0);
	siginfo_t si;
	int s = sigwaitinfo(&set, &si);
	printf("signal %d code %d (SI_MESGQ %d) value %d pid is child %d\n", s, si.si_code, SI_MESGQ, si.si_value.sival_int,
	       si.si_pid == c);
	struct timespec zero = {0, 0};
	err("only once", sigtimedwait(&set, &si, &zero));
	while (mq_receive(q, buf, sizeof buf, NULL) > 0 && (mq_getattr(q, &at), at.mq_curmsgs > 0))
		;
	err("register after the notification", mq_notify(q, &ev));
	err("unregister", mq_notify(q, NULL));

	/* Not notified while the queue is not empty. */
	mq_send(q, "a", 1, 0);
	err("register, not empty", mq_notify(q, &ev));
	mq_send(q, "b", 1, 0);
	err("no signal for a queue not empty", sigtimedwait(&set, &si, &zero));
	mq_receive(q, buf, sizeof buf, NULL);
	mq_receive(q, buf, sizeof buf, NULL);
	mq_send(q, "c", 1, 0);
	s = sigtimedwait(&set, &si, &zero);
	printf("own send: signal %d code %d pid is self %d\n", s, si.si_code, si.si_pid == getpid());
	mq_receive(q, buf, sizeof buf, NULL);

	/* SIGEV_NONE. */
	ev.sigev_notify = SIGEV_NONE;
	err("register none", mq_notify(q, &ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	err("busy after none", mq_notify(q, &ev));
	mq_send(q, "d", 1, 0);
	mq_receive(q, buf, sizeof buf, NULL);
	err("free after none's message", mq_notify(q, &ev));
	err("unregister", mq_notify(q, NULL));

	/* SIGEV_THREAD. */
	memset(&ev, 0, sizeof ev);
	ev.sigev_notify = SIGEV_THREAD;
	ev.sigev_notify_function = onthread;
	ev.sigev_value.sival_int = 99;
	err("register thread", mq_notify(q, &ev));
	fflush(stdout);
	pid_t o2 = fork();
	if (o2 == 0) {
		mqd_t cq = mq_open(name, O_WRONLY);
		mq_notify(cq, NULL);
		mq_close(cq);
		_exit(0);
	}
	waitpid(o2, NULL, 0);
	err("thread still registered after another's unregister and close", mq_notify(q, &ev));
	mq_send(q, "e", 1, 0);
	pthread_mutex_lock(&mu);
	while (!ran)
		pthread_cond_wait(&cv, &mu);
	pthread_mutex_unlock(&mu);
	printf("thread ran with %d\n", ran);
	(void)seen;
	mq_receive(q, buf, sizeof buf, NULL);

	/* The owner's close of another descriptor of the queue. */
	struct sigevent sv;
	memset(&sv, 0, sizeof sv);
	sv.sigev_notify = SIGEV_SIGNAL;
	sv.sigev_signo = SIGUSR1;
	mqd_t q2 = mq_open(name, O_RDONLY);
	err("register signal", mq_notify(q, &sv));
	err("close another descriptor", mq_close(q2));
	err("removed by the owner's close", mq_notify(q, &sv));
	err("unregister", mq_notify(q, NULL));

	/* A receiver waiting: it takes the message, no one is notified. */
	err("register signal", mq_notify(q, &sv));
	rq = q;
	pthread_t th;
	pthread_create(&th, NULL, receiver, NULL);
	settle(&rtid);
	mq_send(q, "w", 1, 0);
	pthread_join(th, NULL);
	printf("waiting receiver got %d bytes\n", (int)rgot);
	err("no signal with a receiver waiting", sigtimedwait(&set, &si, &zero));
	err("still registered", mq_notify(q, &sv));
	mq_send(q, "x", 1, 0);
	s = sigtimedwait(&set, &si, &zero);
	printf("with no receiver: signal %d\n", s);
	mq_receive(q, buf, sizeof buf, NULL);

	/* execve by the registering process: its close-on-exec descriptors
	   close, or one is kept open. The child closes the descriptor it
	   inherited first (closing it later would remove the registration). */
	for (int kept = 0; kept < 2; kept++) {
		fflush(stdout);
		pid_t e = fork();
		if (e == 0) {
			mq_close(q);
			mqd_t eq = mq_open(name, O_RDWR);
			if (kept)
				fcntl(eq, F_SETFD, 0);
			err(kept ? "child registers, descriptor kept" : "child registers", mq_notify(eq, &sv));
			fflush(stdout);
			execl("/proc/self/exe", argv[0], kept ? "kept" : "closed", name, (char *)0);
			_exit(1);
		}
		waitpid(e, NULL, 0);
	}

	mq_close(q);
	mq_unlink(name);
	return 0;
}
