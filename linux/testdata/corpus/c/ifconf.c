/* The network interface requests of sockios.h on a socket, as
 * net-tools' ifconfig, socat's procan and glibc's if_nametoindex make
 * them (ifreq.c has more of SIOCGIFINDEX and SIOCGIFNAME): SIOCGIFCONF (the length with no buffer, the list, a buffer too
 * small for one entry), and for the loopback interface SIOCGIFINDEX,
 * SIOCGIFNAME, SIOCGIFFLAGS, SIOCGIFMTU, SIOCGIFADDR, SIOCGIFNETMASK,
 * SIOCGIFHWADDR, SIOCGIFMETRIC and SIOCGIFMAP; an unknown
 * interface, a descriptor that is no socket, a bad pointer. Not
 * SIOCGIFCONF with a buffer the program cannot write: Linux answers
 * EFAULT (the runner too), qemu-user 7.2 aborts (rcu_read_unlock's
 * assertion); nor SIOCGIFTXQLEN, whose int ifr_qlen qemu-user 7.2
 * converts as a short for a big-endian guest (1000 reads 65536000). The
 * interfaces are the host's network namespace's, under qemu-user as
 * under the runner. Compared with qemu-user. */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

static void req(int fd, unsigned long r, const char *what, const char *name) {
	struct ifreq ifr;
	memset(&ifr, 0, sizeof ifr);
	strncpy(ifr.ifr_name, name, IFNAMSIZ - 1);
	if (ioctl(fd, r, &ifr) < 0) {
		printf("%s %s: %s\n", what, name, strerror(errno));
		return;
	}
	struct sockaddr_in *in = (struct sockaddr_in *)&ifr.ifr_addr;
	switch (r) {
	case SIOCGIFFLAGS:
		printf("%s %s: up %d loopback %d running %d\n", what, name, !!(ifr.ifr_flags & IFF_UP),
		       !!(ifr.ifr_flags & IFF_LOOPBACK), !!(ifr.ifr_flags & IFF_RUNNING));
		break;
	case SIOCGIFMTU:
		printf("%s %s: %d\n", what, name, ifr.ifr_mtu);
		break;
	case SIOCGIFMETRIC:
		printf("%s %s: %d\n", what, name, ifr.ifr_metric);
		break;
	case SIOCGIFTXQLEN:
		printf("%s %s: %d\n", what, name, ifr.ifr_qlen);
		break;
	case SIOCGIFINDEX:
		printf("%s %s: %d\n", what, name, ifr.ifr_ifindex);
		break;
	case SIOCGIFHWADDR:
		printf("%s %s: family %d bytes %02x%02x%02x%02x%02x%02x\n", what, name, ifr.ifr_hwaddr.sa_family,
		       (unsigned char)ifr.ifr_hwaddr.sa_data[0], (unsigned char)ifr.ifr_hwaddr.sa_data[1],
		       (unsigned char)ifr.ifr_hwaddr.sa_data[2], (unsigned char)ifr.ifr_hwaddr.sa_data[3],
		       (unsigned char)ifr.ifr_hwaddr.sa_data[4], (unsigned char)ifr.ifr_hwaddr.sa_data[5]);
		break;
	case SIOCGIFMAP:
		printf("%s %s: mem %lx-%lx base %x irq %d dma %d port %d\n", what, name, ifr.ifr_map.mem_start,
		       ifr.ifr_map.mem_end, ifr.ifr_map.base_addr, ifr.ifr_map.irq, ifr.ifr_map.dma, ifr.ifr_map.port);
		break;
	default:
		printf("%s %s: family %d %s\n", what, name, in->sin_family, inet_ntoa(in->sin_addr));
	}
}

int main(void) {
	int fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0) {
		perror("socket");
		return 1;
	}
	struct ifconf ifc;
	memset(&ifc, 0, sizeof ifc);
	int r = ioctl(fd, SIOCGIFCONF, &ifc);
	printf("SIOCGIFCONF no buffer: %d, length a multiple of ifreq %d, nonzero %d\n", r,
	       ifc.ifc_len % (int)sizeof(struct ifreq) == 0, ifc.ifc_len > 0);
	struct ifreq reqs[64];
	memset(reqs, 0xa5, sizeof reqs);
	ifc.ifc_len = sizeof reqs;
	ifc.ifc_req = reqs;
	r = ioctl(fd, SIOCGIFCONF, &ifc);
	printf("SIOCGIFCONF: %d, %zu entries\n", r, ifc.ifc_len / sizeof(struct ifreq));
	for (int i = 0; r == 0 && i < ifc.ifc_len / (int)sizeof(struct ifreq); i++) {
		struct sockaddr_in *in = (struct sockaddr_in *)&reqs[i].ifr_addr;
		if (strcmp(reqs[i].ifr_name, "lo") == 0)
			printf("  %s family %d %s\n", reqs[i].ifr_name, in->sin_family, inet_ntoa(in->sin_addr));
		else
			printf("  an interface, family %d\n", in->sin_family);
	}
	ifc.ifc_len = sizeof(struct ifreq) - 1;
	r = ioctl(fd, SIOCGIFCONF, &ifc);
	printf("SIOCGIFCONF short buffer: %d, length %d\n", r, ifc.ifc_len);

	req(fd, SIOCGIFINDEX, "SIOCGIFINDEX", "lo");
	req(fd, SIOCGIFFLAGS, "SIOCGIFFLAGS", "lo");
	req(fd, SIOCGIFMTU, "SIOCGIFMTU", "lo");
	req(fd, SIOCGIFADDR, "SIOCGIFADDR", "lo");
	req(fd, SIOCGIFNETMASK, "SIOCGIFNETMASK", "lo");
	req(fd, SIOCGIFHWADDR, "SIOCGIFHWADDR", "lo");
	req(fd, SIOCGIFMETRIC, "SIOCGIFMETRIC", "lo");
	req(fd, SIOCGIFMAP, "SIOCGIFMAP", "lo");
	req(fd, SIOCGIFFLAGS, "SIOCGIFFLAGS", "nosuch0");
	req(fd, SIOCGIFINDEX, "SIOCGIFINDEX", "nosuch0");

	struct ifreq ifr;
	memset(&ifr, 0, sizeof ifr);
	ifr.ifr_ifindex = if_nametoindex("lo");
	r = ioctl(fd, SIOCGIFNAME, &ifr);
	printf("SIOCGIFNAME of lo's index: %d %s\n", r, r == 0 ? ifr.ifr_name : strerror(errno));
	ifr.ifr_ifindex = 0x7ffffff0;
	r = ioctl(fd, SIOCGIFNAME, &ifr);
	printf("SIOCGIFNAME of no index: %d %s\n", r, r < 0 ? strerror(errno) : ifr.ifr_name);
	char name[IF_NAMESIZE];
	printf("if_nametoindex lo nonzero: %d, if_indextoname: %s\n", if_nametoindex("lo") != 0,
	       if_indextoname(if_nametoindex("lo"), name) ? name : strerror(errno));
	printf("if_nametoindex nosuch0: %u\n", if_nametoindex("nosuch0"));

	r = ioctl(fd, SIOCGIFFLAGS, (void *)8);
	printf("SIOCGIFFLAGS bad pointer: %d %s\n", r, r < 0 ? strerror(errno) : "");
	int p[2];
	if (pipe(p) == 0) {
		memset(&ifr, 0, sizeof ifr);
		strcpy(ifr.ifr_name, "lo");
		r = ioctl(p[0], SIOCGIFFLAGS, &ifr);
		printf("SIOCGIFFLAGS on a pipe: %d %s\n", r, r < 0 ? strerror(errno) : "");
	}
	return 0;
}
