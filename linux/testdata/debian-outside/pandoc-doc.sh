printf '# Title\n\nSome *emph* and **bold**, a [link](http://x.y).\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```\ncode\n```\n' > d.md
pandoc -f markdown -t html d.md
pandoc -f markdown -t rst d.md
pandoc -f markdown -t json d.md | md5sum
pandoc -f markdown -t latex d.md | head -20
