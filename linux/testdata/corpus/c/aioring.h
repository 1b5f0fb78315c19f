/* What the native AIO programs (aio.c, aiowait.c) share: the ring that
 * io_setup maps at the context's id (fs/aio.c's struct aio_ring: its
 * header, then the events), an iocb's preparation and an event's line.
 * A program defines AIO_DATA before including it: a request's aio_data
 * is AIO_DATA plus its opcode. Shared by the programs that include it
 * (each is one static translation unit). Needs <linux/aio_abi.h>,
 * <stdint.h>, <stdio.h> and <string.h>. */

/* The ring's header and its events. */
struct ring {
	unsigned id, nr, head, tail, magic, compat, incompat, header;
	struct io_event ev[];
};

/* prep fills cb for one request: op on fd, n bytes (or iovecs, or
 * poll events) at buf, at offset off. */
static void prep(struct iocb *cb, int op, int fd, void *buf, size_t n, long off) {
	memset(cb, 0, sizeof *cb);
	cb->aio_lio_opcode = op;
	cb->aio_fildes = fd;
	cb->aio_buf = (uintptr_t)buf;
	cb->aio_nbytes = n;
	cb->aio_offset = off;
	cb->aio_data = AIO_DATA + op;
}

/* show prints event ev after what: its data, whether its obj is cb, and
 * its results. */
static void show(const char *what, struct io_event *ev, struct iocb *cb) {
	printf("%s: data %#llx obj %s res %lld res2 %lld\n", what, (unsigned long long)ev->data,
	       ev->obj == (uintptr_t)cb ? "iocb" : "other", (long long)ev->res, (long long)ev->res2);
}
