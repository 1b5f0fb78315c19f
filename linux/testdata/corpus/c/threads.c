#include <stdio.h>
#include <pthread.h>
#define N 4
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static pthread_barrier_t bar;
static long counter;
static int ready;
static __thread int tls = 5;
static long atom;
static void *worker(void *arg) {
	long id = (long)arg;
	tls += id;
	for (int i = 0; i < 20000; i++) {
		pthread_mutex_lock(&mu); counter++; pthread_mutex_unlock(&mu);
		__atomic_fetch_add(&atom, 2, __ATOMIC_SEQ_CST);
	}
	pthread_barrier_wait(&bar);
	pthread_mutex_lock(&mu);
	while (!ready) pthread_cond_wait(&cv, &mu);
	pthread_mutex_unlock(&mu);
	return (void *)(long)tls;
}
int main(void) {
	pthread_t th[N];
	pthread_barrier_init(&bar, NULL, N + 1);
	for (long i = 0; i < N; i++) pthread_create(&th[i], NULL, worker, (void *)i);
	pthread_barrier_wait(&bar);
	pthread_mutex_lock(&mu); ready = 1; pthread_cond_broadcast(&cv); pthread_mutex_unlock(&mu);
	long sum = 0;
	for (int i = 0; i < N; i++) { void *r; pthread_join(th[i], &r); sum += (long)r; }
	printf("counter=%ld atom=%ld tls-sum=%ld main-tls=%d\n", counter, atom, sum, tls);
	return 0;
}
