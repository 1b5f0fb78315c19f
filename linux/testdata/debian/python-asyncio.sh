python3 -c '
import asyncio, sys, os
async def run(cmd):
    p = await asyncio.create_subprocess_shell(cmd, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await p.communicate(); return p.returncode, out, err
async def feed():
    p = await asyncio.create_subprocess_exec("tr", "a-z", "A-Z", stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
    out, _ = await p.communicate(b"asyncio pipe"); return out
async def echo_server():
    async def handle(r, w):
        data = await r.readline(); w.write(data.upper()); await w.drain(); w.close()
    srv = await asyncio.start_server(handle, "127.0.0.1", 0); port = srv.sockets[0].getsockname()[1]
    r, w = await asyncio.open_connection("127.0.0.1", port); w.write(b"hello\n"); line = await r.readline(); w.close(); srv.close(); await srv.wait_closed(); return line
async def main():
    res = await asyncio.gather(run("echo one"), run("sleep 0.2; echo two; exit 3"), run("echo err >&2; exit 1"), feed())
    for r in res: print(r)
    try: await asyncio.wait_for(asyncio.sleep(5), 0.1)
    except asyncio.TimeoutError: print("timeout")
    p = await asyncio.create_subprocess_exec("sleep", "5"); p.terminate(); print("terminated", await p.wait())
    print(await echo_server())
    q = asyncio.Queue(); 
    async def prod():
        for i in range(5): await q.put(i); await asyncio.sleep(0)
        await q.put(None)
    async def cons():
        s = 0
        while (v := await q.get()) is not None: s += v
        return s
    print("queue", (await asyncio.gather(prod(), cons()))[1])
    loop = asyncio.get_running_loop(); print("executor", await loop.run_in_executor(None, sum, range(100)))
    rd, wr = os.pipe(); fut = loop.create_future(); loop.add_reader(rd, lambda: fut.set_result(os.read(rd, 10))); os.write(wr, b"fdready"); print(await fut); loop.remove_reader(rd)
asyncio.run(main())
'
