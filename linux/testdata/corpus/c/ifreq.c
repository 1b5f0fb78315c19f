/* The network device requests of a socket that map a name to its index
   and back (SIOCGIFINDEX, SIOCGIFNAME: glibc's if_nametoindex and
   if_indextoname, which CPython's test_socket uses for "%lo" scope ids):
   the loopback device both ways, an unknown name or index (ENODEV), a
   struct ifreq the kernel cannot read (EFAULT), the request on a pipe
   (ENOTTY). The loopback's index is printed only as whether the two
   directions agree: it is the network namespace's. */
#define _GNU_SOURCE
#include <errno.h>
#include <net/if.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

static void name2index(int fd, const char *name, int *idx) {
	struct ifreq ifr;
	memset(&ifr, 0, sizeof ifr);
	strncpy(ifr.ifr_name, name, IFNAMSIZ - 1);
	errno = 0;
	int r = ioctl(fd, SIOCGIFINDEX, &ifr);
	printf("SIOCGIFINDEX %s: %d %s index>0 %d\n", name, r, r < 0 ? strerror(errno) : "", ifr.ifr_ifindex > 0);
	if (idx)
		*idx = ifr.ifr_ifindex;
}

static void index2name(int fd, int idx, const char *what) {
	struct ifreq ifr;
	memset(&ifr, 0, sizeof ifr);
	ifr.ifr_ifindex = idx;
	errno = 0;
	int r = ioctl(fd, SIOCGIFNAME, &ifr);
	printf("SIOCGIFNAME %s: %d %s name %s\n", what, r, r < 0 ? strerror(errno) : "", ifr.ifr_name);
}

int main(void) {
	int s = socket(AF_INET, SOCK_DGRAM, 0);
	int u = socket(AF_UNIX, SOCK_STREAM, 0);
	int p[2];
	if (s < 0 || u < 0 || pipe(p) != 0) {
		perror("socket");
		return 1;
	}
	int lo = 0;
	name2index(s, "lo", &lo);
	index2name(s, lo, "lo's index");
	name2index(u, "lo", NULL);
	name2index(s, "nosuchif0", NULL);
	index2name(s, 0, "0");
	index2name(s, 1 << 30, "1<<30");
	errno = 0;
	printf("SIOCGIFINDEX bad ifreq: %d %s\n", ioctl(s, SIOCGIFINDEX, (void *)8), strerror(errno));
	errno = 0;
	printf("SIOCGIFNAME bad ifreq: %d %s\n", ioctl(s, SIOCGIFNAME, (void *)8), strerror(errno));
	struct ifreq ifr = {0};
	errno = 0;
	printf("SIOCGIFINDEX pipe: %d %s\n", ioctl(p[0], SIOCGIFINDEX, &ifr), strerror(errno));
	unsigned i = if_nametoindex("lo");
	char name[IF_NAMESIZE] = "";
	printf("if_nametoindex lo agrees %d, if_indextoname %s\n", i == (unsigned)lo, if_indextoname(i, name) ? name : strerror(errno));
	return 0;
}
