/* The NUMA memory-policy calls (set_mempolicy, get_mempolicy, mbind,
 * set_mempolicy_home_node, migrate_pages, move_pages) on a machine with
 * one memory node, node 0. qemu-user 7.2 passes most of them to the host
 * unchecked, so mempolicy.expected is Linux 6.1's mm/mempolicy.c and
 * mm/migrate.c, checked against a native run of this program on the
 * x86-64 host (Linux 6.18, one node; its MAX_NUMNODES is 1024 where
 * powerpc64's is 256, so the masks here set no bit between 256 and 1024)
 * with two differences, where the expected output is 6.1's: move_pages
 * reports an anonymous page never touched as -EFAULT on 6.1 (follow_page
 * with FOLL_DUMP finds no page table) where 6.18 says -ENOENT (folio_walk,
 * 6.12), and mode 6 is EINVAL on 6.1 (MPOL_MAX) where 6.9 added
 * MPOL_WEIGHTED_INTERLEAVE. Covered: the modes and their node
 * rules (MPOL_PREFERRED without nodes is MPOL_LOCAL; nodes outside node 0
 * EINVAL unless MPOL_F_RELATIVE_NODES folds them onto it), the mode flags
 * and the mask get_mempolicy gives back (the user's with the node flags),
 * get_nodes' reading of maxnode bits (a whole long beyond MAX_NUMNODES is
 * checked, bits past maxnode included), copy_nodes_to_user's rounding and
 * clearing, MPOL_F_ADDR and MPOL_F_NODE, mbind's ranges (EFAULT for a
 * hole, EIO for MPOL_MF_STRICT with a page off the mask), a policy gone
 * with its mapping, and the EPERM cases once the capabilities are
 * dropped (nocaps.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "nocaps.h"
#include "res.h"

#define MPOL_DEFAULT 0
#define MPOL_PREFERRED 1
#define MPOL_BIND 2
#define MPOL_INTERLEAVE 3
#define MPOL_LOCAL 4
#define MPOL_PREFERRED_MANY 5
#define MPOL_F_STATIC_NODES (1 << 15)
#define MPOL_F_RELATIVE_NODES (1 << 14)
#define MPOL_F_NUMA_BALANCING (1 << 13)
#define MPOL_F_NODE 1
#define MPOL_F_ADDR 2
#define MPOL_F_MEMS_ALLOWED 4
#define MPOL_MF_STRICT 1
#define MPOL_MF_MOVE 2
#define MPOL_MF_MOVE_ALL 4

static unsigned long mask[64];

static long setpol(int mode, unsigned long m, unsigned long maxnode) {
	mask[0] = m;
	return syscall(SYS_set_mempolicy, mode, mask, maxnode);
}

/* show prints get_mempolicy's answer with the first mask word. */
static void show(const char *what, void *addr, unsigned long flags) {
	int mode = -99;
	memset(mask, 0xee, sizeof mask);
	long r = syscall(SYS_get_mempolicy, &mode, mask, 64, addr, flags);
	if (r < 0) {
		res(what, r);
		return;
	}
	printf("%s: mode %#x mask %#lx\n", what, mode, mask[0]);
}

int main(void) {
	long pg = 4096;
	char *m = mmap(NULL, 8 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap(m + 4 * pg, pg); /* a hole at page 4 */
	char *hole = m + 4 * pg;

	/* get_mempolicy */
	show("default", NULL, 0);
	show("MPOL_F_MEMS_ALLOWED", NULL, MPOL_F_MEMS_ALLOWED);
	res("maxnode 0 with a mask", syscall(SYS_get_mempolicy, NULL, mask, 0, NULL, 0));
	res("maxnode 0 without a mask", syscall(SYS_get_mempolicy, NULL, NULL, 0, NULL, 0));
	res("flags 8", syscall(SYS_get_mempolicy, NULL, NULL, 0, NULL, 8));
	res("MEMS_ALLOWED with NODE", syscall(SYS_get_mempolicy, NULL, NULL, 0, NULL, MPOL_F_MEMS_ALLOWED | MPOL_F_NODE));
	res("an address without MPOL_F_ADDR", syscall(SYS_get_mempolicy, NULL, NULL, 0, m, 0));
	res("MPOL_F_NODE of the default policy", syscall(SYS_get_mempolicy, NULL, NULL, 0, NULL, MPOL_F_NODE));
	res("MPOL_F_ADDR of a hole", syscall(SYS_get_mempolicy, NULL, NULL, 0, hole, MPOL_F_ADDR));
	show("MPOL_F_ADDR", m, MPOL_F_ADDR);
	show("MPOL_F_ADDR|MPOL_F_NODE", m + 1, MPOL_F_ADDR | MPOL_F_NODE);
	res("policy unwritable", syscall(SYS_get_mempolicy, (void *)8, NULL, 0, NULL, 0));
	res("mask unwritable", syscall(SYS_get_mempolicy, NULL, (void *)8, 64, NULL, 0));
	memset(mask, 0xee, sizeof mask);
	res("maxnode 1", syscall(SYS_get_mempolicy, NULL, mask, 1, NULL, MPOL_F_MEMS_ALLOWED));
	printf("  mask %#lx\n", mask[0]);
	memset(mask, 0xee, sizeof mask);
	res("maxnode 200", syscall(SYS_get_mempolicy, NULL, mask, 200, NULL, MPOL_F_MEMS_ALLOWED));
	printf("  mask %#lx %#lx %#lx %#lx %#lx\n", mask[0], mask[1], mask[2], mask[3], mask[4]);
	res("maxnode 40000", syscall(SYS_get_mempolicy, NULL, mask, 40000, NULL, MPOL_F_MEMS_ALLOWED));
	res("a mask in a mapping's last 8 bytes", syscall(SYS_get_mempolicy, NULL, (char *)m + 8 * pg - 8, 65, NULL, 0));

	/* set_mempolicy's modes and node rules */
	res("BIND {0}", setpol(MPOL_BIND, 1, 64));
	show("  now", NULL, 0);
	res("BIND {1}", setpol(MPOL_BIND, 2, 64));
	res("BIND {}", setpol(MPOL_BIND, 0, 64));
	res("BIND {0,1}", setpol(MPOL_BIND, 3, 64));
	show("  now", NULL, 0);
	res("BIND|STATIC {0,1}", setpol(MPOL_BIND | MPOL_F_STATIC_NODES, 3, 64));
	show("  now", NULL, 0);
	res("BIND|STATIC {1}", setpol(MPOL_BIND | MPOL_F_STATIC_NODES, 2, 64));
	res("INTERLEAVE|RELATIVE {2}", setpol(MPOL_INTERLEAVE | MPOL_F_RELATIVE_NODES, 4, 64));
	show("  now", NULL, 0);
	res("  MPOL_F_NODE", syscall(SYS_get_mempolicy, NULL, NULL, 0, NULL, MPOL_F_NODE));
	res("STATIC|RELATIVE", setpol(MPOL_BIND | MPOL_F_STATIC_NODES | MPOL_F_RELATIVE_NODES, 1, 64));
	res("BIND|NUMA_BALANCING", setpol(MPOL_BIND | MPOL_F_NUMA_BALANCING, 1, 64));
	show("  now", NULL, 0);
	res("INTERLEAVE|NUMA_BALANCING", setpol(MPOL_INTERLEAVE | MPOL_F_NUMA_BALANCING, 1, 64));
	res("INTERLEAVE {0}", setpol(MPOL_INTERLEAVE, 1, 64));
	int node = -1;
	res("  MPOL_F_NODE", syscall(SYS_get_mempolicy, &node, NULL, 0, NULL, MPOL_F_NODE));
	printf("  next interleave node %d\n", node);
	res("PREFERRED {}", setpol(MPOL_PREFERRED, 0, 64));
	show("  now", NULL, 0);
	res("PREFERRED|STATIC {}", setpol(MPOL_PREFERRED | MPOL_F_STATIC_NODES, 0, 64));
	res("PREFERRED {0,1}", setpol(MPOL_PREFERRED, 3, 64));
	show("  now", NULL, 0);
	res("PREFERRED_MANY {0}", setpol(MPOL_PREFERRED_MANY, 1, 64));
	show("  now", NULL, 0);
	res("LOCAL {0}", setpol(MPOL_LOCAL, 1, 64));
	res("LOCAL {}", setpol(MPOL_LOCAL, 0, 64));
	show("  now", NULL, 0);
	res("DEFAULT {0}", setpol(MPOL_DEFAULT, 1, 64));
	res("DEFAULT|STATIC {}", setpol(MPOL_DEFAULT | MPOL_F_STATIC_NODES, 0, 64));
	show("  now", NULL, 0);
	res("mode 6", setpol(6, 1, 64));
	res("mode -1", setpol(-1, 1, 64));
	res("mask unreadable", syscall(SYS_set_mempolicy, MPOL_BIND, (void *)8, 64));
	res("mask unreadable, maxnode 1", syscall(SYS_set_mempolicy, MPOL_BIND, (void *)8, 1));
	res("maxnode 0", syscall(SYS_set_mempolicy, MPOL_DEFAULT, mask, 0));
	res("maxnode 0, no mask", syscall(SYS_set_mempolicy, MPOL_DEFAULT, NULL, 0));
	res("maxnode 40000", setpol(MPOL_BIND, 1, 40000));
	memset(mask, 0, sizeof mask);
	mask[0] = 1;
	mask[17] = 1UL << 20; /* bit 1108 */
	res("bit 1108 of 1100 (the last long is read whole)", syscall(SYS_set_mempolicy, MPOL_BIND, mask, 1101));
	res("bit 1108 of 1200", syscall(SYS_set_mempolicy, MPOL_BIND, mask, 1201));
	mask[17] = 0;
	mask[18] = 1; /* bit 1152, past maxnode's long */
	res("bit 1152 of 1100", syscall(SYS_set_mempolicy, MPOL_BIND, mask, 1101));
	mask[0] = 2;
	res("bit 1 of maxnode 1 (no bits)", syscall(SYS_set_mempolicy, MPOL_BIND, mask, 2));
	mask[0] = 3;
	res("bits 0, 1 of maxnode 2 (bit 0)", syscall(SYS_set_mempolicy, MPOL_BIND | MPOL_F_STATIC_NODES, mask, 2));
	show("  now", NULL, 0);
	res("DEFAULT", setpol(MPOL_DEFAULT, 0, 64));

	/* mbind */
	m[0] = 1; /* page 0 in memory */
	mask[0] = 1;
	res("mbind BIND {0}", syscall(SYS_mbind, m, 2 * pg, MPOL_BIND, mask, 64, 0));
	show("  page 1", m + pg, MPOL_F_ADDR);
	show("  page 2", m + 2 * pg, MPOL_F_ADDR);
	show("  the thread's", NULL, 0);
	res("mbind unaligned", syscall(SYS_mbind, m + 1, pg, MPOL_BIND, mask, 64, 0));
	res("mbind flags 8", syscall(SYS_mbind, m, pg, MPOL_BIND, mask, 64, 8));
	res("mbind mode 9 and flags 8", syscall(SYS_mbind, m, pg, 9, mask, 64, 8));
	res("mbind length 0", syscall(SYS_mbind, m + 1, 0, MPOL_BIND, mask, 64, 8));
	res("mbind aligned, length 0", syscall(SYS_mbind, m, 0, MPOL_BIND, mask, 64, 0));
	res("mbind length rounding to 0", syscall(SYS_mbind, m, -1L, MPOL_BIND, mask, 64, 0));
	res("mbind wrapping", syscall(SYS_mbind, m, -pg, MPOL_BIND, mask, 64, 0));
	res("mbind of the hole", syscall(SYS_mbind, hole, pg, MPOL_BIND, mask, 64, 0));
	res("mbind DEFAULT of the hole", syscall(SYS_mbind, hole, pg, MPOL_DEFAULT, NULL, 0, 0));
	res("mbind over the hole", syscall(SYS_mbind, m + 3 * pg, 2 * pg, MPOL_BIND, mask, 64, 0));
	show("  page 3", m + 3 * pg, MPOL_F_ADDR);
	res("mbind DEFAULT over the hole", syscall(SYS_mbind, m, 8 * pg, MPOL_DEFAULT, NULL, 0, 0));
	show("  page 1", m + pg, MPOL_F_ADDR);
	res("mbind INTERLEAVE {1}", syscall(SYS_mbind, m, pg, MPOL_INTERLEAVE, (mask[0] = 2, mask), 64, 0));
	mask[0] = 4;
	res("mbind RELATIVE {2} STRICT, page in memory", syscall(SYS_mbind, m, pg, MPOL_BIND | MPOL_F_RELATIVE_NODES, mask, 64, MPOL_MF_STRICT));
	show("  page 0", m, MPOL_F_ADDR);
	res("mbind RELATIVE {2} STRICT, page not", syscall(SYS_mbind, m + pg, pg, MPOL_BIND | MPOL_F_RELATIVE_NODES, mask, 64, MPOL_MF_STRICT));
	show("  page 1", m + pg, MPOL_F_ADDR);
	res("mbind RELATIVE {2} STRICT|MOVE, page in memory", syscall(SYS_mbind, m, pg, MPOL_BIND | MPOL_F_RELATIVE_NODES, mask, 64, MPOL_MF_STRICT | MPOL_MF_MOVE));
	mask[0] = 1;
	res("mbind BIND {0} STRICT", syscall(SYS_mbind, m, 2 * pg, MPOL_BIND, mask, 64, MPOL_MF_STRICT));
	res("mbind PREFERRED_MANY {0} on pages 6, 7", syscall(SYS_mbind, m + 6 * pg, 2 * pg, MPOL_PREFERRED_MANY, mask, 64, 0));
	res("mbind INTERLEAVE {0} on page 5", syscall(SYS_mbind, m + 5 * pg, pg, MPOL_INTERLEAVE, mask, 64, 0));

	/* set_mempolicy_home_node */
	res("home node flags 1", syscall(SYS_set_mempolicy_home_node, m, pg, 0, 1));
	res("home node 1", syscall(SYS_set_mempolicy_home_node, m, pg, 1, 0));
	res("home node unaligned", syscall(SYS_set_mempolicy_home_node, m + 1, pg, 0, 0));
	res("home node of BIND", syscall(SYS_set_mempolicy_home_node, m, 2 * pg, 0, 0));
	res("home node of PREFERRED_MANY", syscall(SYS_set_mempolicy_home_node, m + 6 * pg, 2 * pg, 0, 0));
	res("home node of INTERLEAVE", syscall(SYS_set_mempolicy_home_node, m + 5 * pg, pg, 0, 0));
	res("home node of the hole", syscall(SYS_set_mempolicy_home_node, hole, pg, 0, 0));
	res("home node, length 0", syscall(SYS_set_mempolicy_home_node, m + 5 * pg, 0, 0, 0));
	show("  page 6", m + 6 * pg, MPOL_F_ADDR);

	/* A new mapping has no policy. */
	munmap(m + 6 * pg, pg);
	mmap(m + 6 * pg, pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	show("page 6 mapped again", m + 6 * pg, MPOL_F_ADDR);
	show("page 7", m + 7 * pg, MPOL_F_ADDR);
	char *none = mmap(NULL, pg, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	res("MPOL_F_ADDR|MPOL_F_NODE of PROT_NONE", syscall(SYS_get_mempolicy, NULL, NULL, 0, none, MPOL_F_ADDR | MPOL_F_NODE));

	/* migrate_pages */
	unsigned long from = 1, to = 1, two = 2, empty = 0;
	res("migrate_pages {0} to {0}", syscall(SYS_migrate_pages, 0, 64, &from, &to));
	res("migrate_pages to {}", syscall(SYS_migrate_pages, 0, 64, &from, &empty));
	res("migrate_pages old unreadable", syscall(SYS_migrate_pages, 0, 64, (void *)8, &to));
	res("migrate_pages maxnode 40000", syscall(SYS_migrate_pages, 0, 40000, &from, &to));
	res("migrate_pages no such process", syscall(SYS_migrate_pages, 0x3fffffff, 64, &from, &to));
	res("migrate_pages of itself by pid", syscall(SYS_migrate_pages, getpid(), 64, &from, &to));

	/* move_pages */
	char *sh = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	sh[0] = 1;
	void *pages[6] = {m, m + 2 * pg, hole, sh, sh + pg, m + 3 * pg + 5};
	int st[6], nodes[6] = {0, 0, 0, 0, 0, 0};
	memset(st, 0x55, sizeof st);
	res("move_pages status", syscall(SYS_move_pages, 0, 6, pages, NULL, st, 0));
	printf("  status %d %d %d %d %d %d\n", st[0], st[1], st[2], st[3], st[4], st[5]);
	memset(st, 0x55, sizeof st);
	res("move_pages to node 0", syscall(SYS_move_pages, 0, 6, pages, nodes, st, 0));
	printf("  status %d %d %d %d %d %d\n", st[0], st[1], st[2], st[3], st[4], st[5]);
	memset(st, 0x55, sizeof st);
	nodes[2] = 1;
	res("move_pages, the third to node 1", syscall(SYS_move_pages, 0, 6, pages, nodes, st, MPOL_MF_MOVE));
	printf("  status %d %d %d\n", st[0], st[1], st[2]);
	nodes[2] = -1;
	res("move_pages to node -1", syscall(SYS_move_pages, 0, 6, pages, nodes, st, 0));
	nodes[2] = 5000;
	res("move_pages to node 5000", syscall(SYS_move_pages, 0, 6, pages, nodes, st, 0));
	res("move_pages flags 8", syscall(SYS_move_pages, 0, 1, pages, NULL, st, 8));
	res("move_pages no such process", syscall(SYS_move_pages, 0x3fffffff, 1, pages, NULL, st, 0));
	res("move_pages pages unreadable", syscall(SYS_move_pages, 0, 1, (void *)8, NULL, st, 0));
	res("move_pages status unwritable", syscall(SYS_move_pages, 0, 1, pages, NULL, (void *)8, 0));
	res("move_pages nodes unreadable", syscall(SYS_move_pages, 0, 1, pages, (void *)8, st, 0));
	res("move_pages none", syscall(SYS_move_pages, 0, 0, (void *)8, NULL, (void *)8, 0));

	/* Without CAP_SYS_NICE. */
	if (drop_caps() != 0)
		return 1;
	res("mbind MPOL_MF_MOVE_ALL", syscall(SYS_mbind, m, pg, MPOL_BIND, mask, 64, MPOL_MF_MOVE_ALL));
	res("migrate_pages to {1}", syscall(SYS_migrate_pages, 0, 64, &from, &two));
	res("move_pages MPOL_MF_MOVE_ALL", syscall(SYS_move_pages, 0, 1, pages, NULL, st, MPOL_MF_MOVE_ALL));
	return 0;
}
