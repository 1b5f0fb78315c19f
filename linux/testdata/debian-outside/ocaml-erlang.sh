cat > t.ml <<'E'
let rec fib n = if n < 2 then n else fib (n-1) + fib (n-2)
let () = Printf.printf "%d %s %.6f\n" (fib 25) (String.uppercase_ascii "ocaml") (sqrt 2.0);
  let l = List.sort compare [5;3;8;1] in List.iter (Printf.printf "%d ") l; print_newline ();
  let h = Hashtbl.create 16 in for i = 0 to 9999 do Hashtbl.replace h (i mod 100) i done; Printf.printf "%d\n" (Hashtbl.find h 42)
E
ocaml t.ml
ocamlc -o t.byte t.ml && ocamlrun ./t.byte
erl -noshell -eval 'io:format("~p~n", [lists:sum(lists:seq(1,100000))]), io:format("~p ~.5f~n", [lists:sort([3,1,2]), math:sqrt(2)]), P = self(), [spawn(fun() -> P ! {done, N*N} end) || N <- lists:seq(1,10)], io:format("~p~n", [lists:sum([receive {done, X} -> X end || _ <- lists:seq(1,10)])]), io:format("~s~n", [binary_to_list(base64:encode(<<"erlang">>))]), halt(2).'; echo "exit $?"
