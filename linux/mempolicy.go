//go:build linux

package linux

import (
	"cmp"
	"slices"

	"golang.org/x/sys/unix"

	"github.com/ppc64emu/ppc64emu/linux/abi"
	"github.com/ppc64emu/ppc64emu/mem"
)

// The NUMA memory-policy calls (set_mempolicy, get_mempolicy, mbind,
// set_mempolicy_home_node, migrate_pages, move_pages) as Linux 6.1's
// mm/mempolicy.c and mm/migrate.c answer them on a machine with one
// memory node, node 0: the guest's machine (getcpu answers node 0,
// sys_file.go), as the host's /sys/devices/system/node, which the guest
// reads, shows on the machines the runner is built for (node 0 possible
// and online). nr_node_ids is then 1 and MAX_NUMNODES 256
// (CONFIG_NODES_SHIFT 8 of powerpc64). Every node mask the guest gives is
// read with get_nodes' rules; a policy is kept as Linux keeps it: the
// thread's own (current->mempolicy, copied by clone and kept by execve)
// and the ranges mbind gave one (a VMA's vm_policy, copied by fork,
// forgotten when the range is unmapped or mapped again, procmaps.go
// unname). No page ever moves: every page is already on the one node.

// Policy modes (enum mempolicy_mode) and mode flags (uapi linux/mempolicy.h).
const (
	mpolDefault       = 0
	mpolPreferred     = 1
	mpolBind          = 2
	mpolInterleave    = 3
	mpolLocal         = 4
	mpolPreferredMany = 5
	mpolMax           = 6

	mpolFStaticNodes   = 1 << 15
	mpolFRelativeNodes = 1 << 14
	mpolFNumaBalancing = 1 << 13
	mpolModeFlags      = mpolFStaticNodes | mpolFRelativeNodes | mpolFNumaBalancing
)

// get_mempolicy's flags, and mbind's and move_pages' (MPOL_MF_*).
const (
	mpolFNode        = 1 << 0
	mpolFAddr        = 1 << 1
	mpolFMemsAllowed = 1 << 2

	mpolMFStrict  = 1 << 0
	mpolMFMove    = 1 << 1
	mpolMFMoveAll = 1 << 2
	mpolMFValid   = mpolMFStrict | mpolMFMove | mpolMFMoveAll
)

// maxNumNodes is MAX_NUMNODES (1 << CONFIG_NODES_SHIFT); nrNodeIDs is
// nr_node_ids, the one node's number plus one.
const (
	maxNumNodes = 256
	nrNodeIDs   = 1
)

// nodeMask is a nodemask_t of MAX_NUMNODES bits.
type nodeMask [maxNumNodes / 64]uint64

func (m *nodeMask) empty() bool { return *m == nodeMask{} }

// has reports whether node n is in the mask.
func (m *nodeMask) has(n int) bool { return m[n/64]&(1<<(n%64)) != 0 }

// memsAllowed is the nodes a task may use (cpuset_current_mems_allowed,
// node_states[N_MEMORY]): node 0.
var memsAllowed = nodeMask{1}

// mempolicy is a struct mempolicy: its mode and mode flags, its nodes
// (after the mode's constructor), the mask the user gave (kept with
// MPOL_F_STATIC_NODES or MPOL_F_RELATIVE_NODES) and its home node (-1,
// NUMA_NO_NODE, until set_mempolicy_home_node).
type mempolicy struct {
	mode, flags uint16
	nodes, user nodeMask
	home        int
}

// polRange is the policy of the mapped range [start, end).
type polRange struct {
	start, end uint64
	pol        *mempolicy
}

// getNodes is get_nodes: the node mask of maxnode bits at addr (none for
// a null pointer or maxnode 1), EINVAL for more bits than a page holds or
// a bit set beyond MAX_NUMNODES (checked a whole long at a time, so the
// bits of the last long beyond maxnode count too), EFAULT for a mask it
// cannot read. The page is the runner's (mem.PageSize).
func (t *Thread) getNodes(addr, maxnode uint64) (nodeMask, int) {
	var m nodeMask
	maxnode--
	if maxnode == 0 || addr == 0 {
		return m, 0
	}
	if maxnode > mem.PageSize*8 {
		return m, abi.EINVAL
	}
	for maxnode > maxNumNodes {
		w, e := t.get64(addr + (maxnode-1)/64*8)
		if e != 0 {
			return m, e
		}
		maxnode = max(maxnode-64, maxNumNodes)
		if w != 0 {
			return m, abi.EINVAL
		}
	}
	for i := uint64(0); i < (maxnode+63)/64; i++ {
		w, e := t.get64(addr + i*8)
		if e != 0 {
			return m, e
		}
		m[i] = w
	}
	if r := maxnode % 64; r != 0 {
		m[(maxnode-1)/64] &= 1<<r - 1
	}
	return m, 0
}

// sanitizeMode is sanitize_mpol_flags: the mode and its flags, EINVAL for
// a mode beyond the last, both node flags, or MPOL_F_NUMA_BALANCING with
// a mode other than MPOL_BIND.
func sanitizeMode(mode int) (uint16, uint16, int) {
	flags := uint16(mode & mpolModeFlags)
	m := uint32(mode &^ mpolModeFlags)
	if m >= mpolMax || flags&mpolFStaticNodes != 0 && flags&mpolFRelativeNodes != 0 ||
		flags&mpolFNumaBalancing != 0 && m != mpolBind {
		return 0, 0, abi.EINVAL
	}
	return uint16(m), flags, 0
}

// newPolicy is mpol_new and mpol_set_nodemask: nil for MPOL_DEFAULT (a
// node in the mask is EINVAL), MPOL_PREFERRED without nodes is
// MPOL_LOCAL, and a mask left empty once it is taken within the allowed
// nodes (folded onto them with MPOL_F_RELATIVE_NODES) is EINVAL.
func newPolicy(mode, flags uint16, nodes nodeMask) (*mempolicy, int) {
	nodeFlags := flags&(mpolFStaticNodes|mpolFRelativeNodes) != 0
	switch {
	case mode == mpolDefault:
		if !nodes.empty() {
			return nil, abi.EINVAL
		}
		return nil, 0
	case mode == mpolPreferred && nodes.empty():
		if nodeFlags {
			return nil, abi.EINVAL
		}
		mode = mpolLocal
	case mode == mpolLocal:
		if !nodes.empty() || nodeFlags {
			return nil, abi.EINVAL
		}
	case nodes.empty():
		return nil, abi.EINVAL
	}
	p := &mempolicy{mode: mode, flags: flags, home: -1}
	if mode == mpolLocal {
		return p, 0
	}
	var within nodeMask
	if flags&mpolFRelativeNodes != 0 {
		within = memsAllowed // any node folds onto the one allowed
	} else {
		for i := range within {
			within[i] = nodes[i] & memsAllowed[i]
		}
	}
	if nodeFlags {
		p.user = nodes
	}
	if within.empty() {
		return nil, abi.EINVAL
	}
	p.nodes = within // MPOL_PREFERRED's first node is the only one
	return p, 0
}

// reported is the mode get_mempolicy reports for p (nil: the default
// policy) and the node mask it copies out.
func (p *mempolicy) reported() (int, nodeMask) {
	if p == nil {
		return mpolDefault, nodeMask{}
	}
	mode := int(p.mode) | int(p.flags&mpolModeFlags)
	if p.flags&(mpolFStaticNodes|mpolFRelativeNodes) != 0 {
		return mode, p.user
	}
	return mode, p.nodes
}

// sysSetMempolicy is set_mempolicy(mode, nmask, maxnode).
func sysSetMempolicy(t *Thread, a *sysArgs) (uint64, int) {
	mode, flags, e := sanitizeMode(a.Int(0))
	if e != 0 {
		return 0, e
	}
	nodes, e := t.getNodes(a.Ptr(1), a.Ulong(2))
	if e != 0 {
		return 0, e
	}
	p, e := newPolicy(mode, flags, nodes)
	if e != 0 {
		return 0, e
	}
	t.mempol = p
	return 0, 0
}

// sysGetMempolicy is get_mempolicy(policy, nmask, maxnode, addr, flags),
// in kernel_get_mempolicy's order: a mask shorter than nr_node_ids
// (EINVAL), do_get_mempolicy's checks (unknown flags, MPOL_F_MEMS_ALLOWED
// with another, an address without MPOL_F_ADDR: EINVAL; an unmapped
// address EFAULT; MPOL_F_NODE without MPOL_F_ADDR but for an interleave
// policy of the thread's: EINVAL), then the copies out.
func sysGetMempolicy(t *Thread, a *sysArgs) (uint64, int) {
	polp, nmask, maxnode, addr, flags := a.Ptr(0), a.Ptr(1), a.Ulong(2), a.Ptr(3), a.Ulong(4)
	if nmask != 0 && maxnode < nrNodeIDs {
		return 0, abi.EINVAL
	}
	if flags&^(mpolFNode|mpolFAddr|mpolFMemsAllowed) != 0 {
		return 0, abi.EINVAL
	}
	var val int
	var nodes nodeMask
	switch {
	case flags&mpolFMemsAllowed != 0:
		if flags&(mpolFNode|mpolFAddr) != 0 {
			return 0, abi.EINVAL
		}
		nodes = memsAllowed
	case flags&mpolFAddr != 0:
		if !t.mm.Mem.Mapped(addr, 1) {
			return 0, abi.EFAULT
		}
		val, nodes = t.mm.policyAt(addr).reported()
		if flags&mpolFNode != 0 {
			// lookup_node faults the page in: a page the guest may not
			// read is EFAULT; any other is on node 0.
			if p, _ := t.mm.Mem.Perm(addr); p&mem.Read == 0 {
				return 0, abi.EFAULT
			}
			val = 0
		}
	case addr != 0:
		return 0, abi.EINVAL
	default:
		val, nodes = t.mempol.reported()
		if flags&mpolFNode != 0 {
			if t.mempol == nil || t.mempol.mode != mpolInterleave {
				return 0, abi.EINVAL
			}
			val = 0 // the next interleave node is the only one
		}
	}
	if polp != 0 && t.put32(polp, uint32(val)) != 0 {
		return 0, abi.EFAULT
	}
	if nmask == 0 {
		return 0, 0
	}
	return 0, t.copyNodes(nmask, maxnode, nodes)
}

// copyNodes is copy_nodes_to_user: the mask rounded up to whole longs of
// maxnode-1 bits (nothing for maxnode 1), of which the bytes beyond
// nr_node_ids' long are cleared (EINVAL for more than a page of them).
func (t *Thread) copyNodes(addr, maxnode uint64, nodes nodeMask) int {
	n := (maxnode - 1 + 63) &^ 63 / 8
	const nbytes = (nrNodeIDs + 63) / 64 * 8
	if n > nbytes {
		if n > mem.PageSize {
			return abi.EINVAL
		}
		if t.write(addr+nbytes, make([]byte, n-nbytes)) != 0 {
			return abi.EFAULT
		}
		n = nbytes
	}
	b := make([]byte, 0, nbytes)
	for i := range nbytes / 8 {
		b = append(b, abi.Uint64Layout.Bytes(t.p.order, &nodes[i])...)
	}
	return t.write(addr, b[:n])
}

// policyAt is the policy mbind gave the page at addr (nil: none).
func (mm *addressSpace) policyAt(addr uint64) *mempolicy {
	for _, r := range mm.policies {
		if addr >= r.start && addr < r.end {
			return r.pol
		}
	}
	return nil
}

// setPolicy gives the mapped pages of [start, end) policy p (nil: none).
func (mm *addressSpace) setPolicy(start, end uint64, p *mempolicy) {
	mm.unpolicy(start, end)
	if p == nil {
		return
	}
	mm.Mem.Regions(func(s, e uint64, _ mem.Perm) {
		if e == 0 {
			e = ^uint64(0) &^ (mem.PageSize - 1)
		}
		if lo, hi := max(s, start), min(e, end); lo < hi {
			mm.policies = append(mm.policies, polRange{lo, hi, p})
		}
	})
}

// unpolicy forgets the policies of [start, end).
func (mm *addressSpace) unpolicy(start, end uint64) {
	var keep []polRange
	for _, r := range mm.policies {
		if r.end <= start || r.start >= end {
			keep = append(keep, r)
			continue
		}
		if r.start < start {
			keep = append(keep, polRange{r.start, start, r.pol})
		}
		if r.end > end {
			keep = append(keep, polRange{end, r.end, r.pol})
		}
	}
	mm.policies = keep
}

// sysMbind is mbind(start, len, mode, nmask, maxnode, flags) in
// kernel_mbind's and do_mbind's order: the mode (EINVAL), the mask
// (EINVAL, EFAULT), unknown flags (EINVAL), MPOL_MF_MOVE_ALL without
// CAP_SYS_NICE (EPERM), an unaligned start or a range that wraps
// (EINVAL), an empty range (0), the policy (EINVAL), then a range with
// no mapping in it, or, for a policy other than the default, a hole in it
// (EFAULT); with MPOL_MF_STRICT and without a move, a page in memory on a
// node outside the mask (node 0 outside it: MPOL_F_RELATIVE_NODES, or
// MPOL_LOCAL) is EIO, before anything changes.
func sysMbind(t *Thread, a *sysArgs) (uint64, int) {
	start, length, flags := a.Ptr(0), a.Size(1), a.Uint(5)
	mode, mflags, e := sanitizeMode(a.Int(2))
	if e != 0 {
		return 0, e
	}
	nodes, e := t.getNodes(a.Ptr(3), a.Ulong(4))
	if e != 0 {
		return 0, e
	}
	if flags&^mpolMFValid != 0 {
		return 0, abi.EINVAL
	}
	if flags&mpolMFMoveAll != 0 && !t.cred.capable(capSysNice) {
		return 0, abi.EPERM
	}
	if start%mem.PageSize != 0 {
		return 0, abi.EINVAL
	}
	if mode == mpolDefault {
		flags &^= mpolMFStrict
	}
	end := start + pageUp(length) // a length that rounds up past the top is 0, as PAGE_ALIGN's
	if end < start {
		return 0, abi.EINVAL
	}
	if end == start {
		return 0, 0
	}
	p, e := newPolicy(mode, mflags, nodes)
	if e != 0 {
		return 0, e
	}
	mapped := t.mm.mappedIn(start, end-start)
	if mapped == 0 || p != nil && mapped != end-start {
		return 0, abi.EFAULT
	}
	if flags&(mpolMFStrict|mpolMFMove|mpolMFMoveAll) == mpolMFStrict && nodes[0]&1 == 0 {
		for a := start; a < end; a += mem.PageSize {
			if t.mm.Mem.HasPage(a) {
				return 0, abi.EIO
			}
		}
	}
	t.mm.setPolicy(start, end, p)
	return 0, 0
}

// sysSetMempolicyHomeNode is set_mempolicy_home_node(start, len,
// home_node, flags): flags other than 0, a node that is not online and an
// unaligned start or a wrapping range are EINVAL; every range of it with
// an mbind policy gets the home node, which must be an MPOL_BIND or
// MPOL_PREFERRED_MANY one (else EOPNOTSUPP, the ranges before it
// changed); a range with no policy in it is ENOENT.
func sysSetMempolicyHomeNode(t *Thread, a *sysArgs) (uint64, int) {
	start, length, home, flags := a.Ptr(0), a.Size(1), a.Ulong(2), a.Ulong(3)
	if flags != 0 || home >= nrNodeIDs || start%mem.PageSize != 0 {
		return 0, abi.EINVAL
	}
	end := start + pageUp(length)
	if end < start {
		return 0, abi.EINVAL
	}
	if end == start {
		return 0, 0
	}
	slices.SortFunc(t.mm.policies, func(x, y polRange) int { return cmp.Compare(x.start, y.start) })
	e := int(unix.ENOENT) // no range with a policy
	for i, r := range t.mm.policies {
		if r.end <= start || r.start >= end {
			continue
		}
		if r.pol.mode != mpolBind && r.pol.mode != mpolPreferredMany {
			return 0, int(unix.EOPNOTSUPP)
		}
		c := *r.pol
		c.home = int(home)
		t.mm.policies[i].pol = &c
		e = 0
	}
	return 0, e
}

// policyTarget is find_task_by_vpid with ptrace_may_access
// (PTRACE_MODE_READ_REALCREDS) for migrate_pages and move_pages: the
// address space of pid's process (0: t's), ESRCH for a process outside
// the run, EPERM without access.
func (t *Thread) policyTarget(pid int) (*addressSpace, int) {
	if pid == 0 {
		return t.mm, 0
	}
	if pid < 0 || !t.p.guestPid(pid) {
		return nil, abi.ESRCH
	}
	u := t.p.guestThread(pid)
	if u == nil {
		return nil, abi.ESRCH
	}
	if !t.mayAccess(u.group, u.cred, u.mm) {
		return nil, abi.EPERM
	}
	return u.mm, 0
}

// sysMigratePages is migrate_pages(pid, maxnode, old_nodes, new_nodes):
// both masks (EINVAL, EFAULT), the process (ESRCH, EPERM), new nodes
// outside the allowed ones without CAP_SYS_NICE (EPERM), none of them
// allowed (EINVAL); then nothing moves (every page is on node 0): 0
// pages left behind.
func sysMigratePages(t *Thread, a *sysArgs) (uint64, int) {
	if _, e := t.getNodes(a.Ptr(2), a.Ulong(1)); e != 0 {
		return 0, e
	}
	nodes, e := t.getNodes(a.Ptr(3), a.Ulong(1))
	if e != 0 {
		return 0, e
	}
	if _, e := t.policyTarget(a.Int(0)); e != 0 {
		return 0, e
	}
	outside := false
	for i := range nodes {
		outside = outside || nodes[i]&^memsAllowed[i] != 0
	}
	if outside && !t.cred.capable(capSysNice) {
		return 0, abi.EPERM
	}
	if nodes[0]&memsAllowed[0] == 0 {
		return 0, abi.EINVAL
	}
	return 0, 0
}

// sysMovePages is move_pages(pid, count, pages, nodes, status, flags):
// flags other than MPOL_MF_MOVE and MPOL_MF_MOVE_ALL are EINVAL,
// MPOL_MF_MOVE_ALL without CAP_SYS_NICE EPERM, then the process (ESRCH,
// EPERM). Without nodes (do_pages_stat), each page's node, in chunks of
// 16 entries, EFAULT for the first chunk that cannot be read or written;
// with them (do_pages_move), page by page, a node outside 0 to
// MAX_NUMNODES-1 or without memory is ENODEV, one not allowed EACCES, and
// a page the status it gets. A page's status: its node (0) if it is in
// memory, -EFAULT for an unmapped address, and for one not in memory
// -EFAULT in a private anonymous mapping (follow_page with FOLL_DUMP: no
// page table, or the zero page), -ENOENT elsewhere.
func sysMovePages(t *Thread, a *sysArgs) (uint64, int) {
	n, pages, nodes, status, flags := a.Ulong(1), a.Ptr(2), a.Ptr(3), a.Ptr(4), a.Int(5)
	if flags&^(mpolMFMove|mpolMFMoveAll) != 0 {
		return 0, abi.EINVAL
	}
	if flags&mpolMFMoveAll != 0 && !t.cred.capable(capSysNice) {
		return 0, abi.EPERM
	}
	mm, e := t.policyTarget(a.Int(0))
	if e != 0 {
		return 0, e
	}
	if nodes == 0 {
		const chunk = 16
		for n > 0 {
			k := min(n, chunk)
			addrs, e := getStructs(t, pages, int(k), abi.Uint64Layout)
			if e != 0 {
				return 0, abi.EFAULT
			}
			out := make([]uint32, k)
			for i, a := range addrs {
				out[i] = uint32(mm.pageNode(a))
			}
			if putStructs(t, status, out, abi.Uint32Layout) != 0 {
				return 0, abi.EFAULT
			}
			pages, status, n = pages+k*8, status+k*4, n-k
		}
		return 0, 0
	}
	for i := uint64(0); i < n; i++ {
		p, e := t.get64(pages + i*8)
		if e != 0 {
			return 0, e
		}
		node, e := t.get32(nodes + i*4)
		if e != 0 {
			return 0, e
		}
		if int32(node) < 0 || node >= maxNumNodes || node >= nrNodeIDs {
			return 0, int(unix.ENODEV)
		}
		if memsAllowed[node/64]&(1<<(node%64)) == 0 {
			return 0, abi.EACCES
		}
		if t.put32(status+i*4, uint32(mm.pageNode(p))) != 0 {
			return 0, abi.EFAULT
		}
	}
	return 0, 0
}

// pageNode is the status move_pages gives the page at addr (see
// sysMovePages).
func (mm *addressSpace) pageNode(addr uint64) int32 {
	switch {
	case !mm.Mem.Mapped(addr, 1):
		return -abi.EFAULT
	case mm.Mem.HasPage(addr):
		return 0
	}
	page := addr &^ (mem.PageSize - 1)
	shared := false
	mm.Mem.SharedIn(page, mem.PageSize, func(*mem.Shared) { shared = true })
	if !shared && !mm.named(page) {
		return -abi.EFAULT
	}
	return -abi.ENOENT
}

// named says whether the page at addr maps a file privately.
func (mm *addressSpace) named(addr uint64) bool {
	for _, n := range mm.names {
		if addr >= n.start && addr < n.end {
			return true
		}
	}
	return false
}
