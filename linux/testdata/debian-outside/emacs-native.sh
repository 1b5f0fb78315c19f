# Emacs 28's native compilation: native-compile turns a Lisp file into a
# shared object through libgccjit, which runs the root's gcc driver, as and
# ld as child processes; emacs then loads the .eln it wrote and calls it.
export HOME=$PWD
cat > t.el <<'E'
;;; t.el --- a test -*- lexical-binding: t -*-
(defun t-fib (n) (if (< n 2) n (+ (t-fib (- n 1)) (t-fib (- n 2)))))
(defun t-main () (princ (format "%d %s %S\n" (t-fib 20) (upcase "native") (subr-native-elisp-p (symbol-function 't-fib)))))
(provide 't)
E
emacs --batch -Q --eval '(princ (format "available %s\n" (native-comp-available-p)))'
emacs --batch -Q --eval '(progn (native-compile "t.el" (expand-file-name "t.eln")) (princ "compiled\n"))' 2>&1 | grep -v '^Compiling\|^Loading'
ls *.eln
emacs --batch -Q -l ./t.eln -f t-main; echo "exit $?"
