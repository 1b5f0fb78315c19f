# OCaml 4.13's native compiler: ocamlopt writes ppc64le assembly and runs
# the root's as and gcc (the linker driver) on it; then the program it built.
cat > t.ml <<'E'
let rec fib n = if n < 2 then n else fib (n-1) + fib (n-2)
let () =
  Printf.printf "%d %s %.6f\n" (fib 25) (String.uppercase_ascii "ocaml") (sqrt 2.0);
  let a = Array.init 1000 (fun i -> float_of_int i *. 0.5) in
  Printf.printf "%.3f\n" (Array.fold_left (+.) 0.0 a);
  (try ignore (List.nth [] 3) with Failure s -> print_endline s | Invalid_argument s -> print_endline s);
  let b = Buffer.create 10 in
  for i = 1 to 5 do Buffer.add_string b (string_of_int i) done;
  print_endline (Buffer.contents b);
  let h = Hashtbl.create 16 in
  for i = 0 to 99999 do Hashtbl.replace h (i mod 1000) (i * i) done;
  Printf.printf "%d %d\n" (Hashtbl.length h) (Hashtbl.find h 7);
  exit 4
E
ocamlopt -o t.opt t.ml; echo "exit $?"
./t.opt; echo "exit $?"
ocamlopt -S -c t.ml && grep -q 'camlT__fib' t.s && echo "assembly kept"
ocamlopt -o bad.opt nosuch.ml; echo "exit $?"
