python3 -c 'import sys; print("out"); sys.stderr.write("err\n"); raise SystemExit(4)'; echo $?
python3 -c '1/0' 2>&1 | tail -n 1
