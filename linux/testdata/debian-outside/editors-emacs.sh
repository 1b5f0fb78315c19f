emacs --batch -Q --eval '(progn (princ (format "%s\n" (mapcar (lambda (x) (* x x)) (number-sequence 1 6)))) (princ (format "%.4f\n" (sqrt 2.0))) (princ (concat (upcase "emacs") "\n")) (princ (format "%S\n" (split-string "a,b,c" ","))))'
printf 'line one\nline two\n' > e.txt
emacs --batch -Q e.txt --eval '(progn (goto-char (point-min)) (while (re-search-forward "line" nil t) (replace-match "LINE")) (save-buffer))' 2>&1; cat e.txt
emacs --batch -Q --eval '(progn (require (quote cl-lib)) (princ (format "%s\n" (cl-reduce (function +) (number-sequence 1 100)))) (princ (format "%s\n" (secure-hash (quote sha256) "abc"))) (require (quote json)) (princ (format "%s\n" (json-encode (list (cons "a" 1))))))'
emacs --batch -Q --eval '(kill-emacs 5)'; echo "exit $?"
