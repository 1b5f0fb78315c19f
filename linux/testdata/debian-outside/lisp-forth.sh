clisp -q -norc -x '(progn (defun f (n) (if (< n 2) n (+ (f (- n 1)) (f (- n 2))))) (print (f 20)) (print (expt 3 50)) (print (format nil "~,4f" pi)) (values))'
gforth -e ': sq dup * ; 7 sq . cr : sum 0 21 1 do i + loop ; sum . cr 3.0e fsqrt f. cr s" forth" type cr bye'
gforth-fast -e ': fib dup 2 < if exit then dup 1- recurse swap 2 - recurse + ; 24 fib . cr bye'
