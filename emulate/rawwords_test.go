package emulate

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/ppc64emu/ppc64emu/decode"
)

// rawWordsAllowed are the test files whose raw instruction words are the
// point: the examples and the README's snippet show users the words they
// would step.
var rawWordsAllowed = map[string]string{
	"example_test.go": "godoc examples: the words a user steps",
	"readme_test.go":  "the README's usage snippet, word for word",
}

// TestNoRawWords keeps docs/design.md's rule that the emulator's tests
// build instruction words with enc (decode.Encode): it scans the test
// files for 8-hex-digit literals in the places an instruction word goes —
// fields and keys named insn, word, w, inst, words; arguments of functions
// whose parameter is named so (StepWord, the test helpers); variables and
// constants named w…, …Insn…, …Word… — and reports every one that Encode
// would give back as it is. Words Encode cannot produce stay raw on
// purpose: invalid forms, reserved bits set, prefix words and the suffix
// after one.
func TestNoRawWords(t *testing.T) {
	fset := token.NewFileSet()
	files, _ := filepath.Glob("*.go")
	parsed := map[string]*ast.File{}
	params := map[string]map[int]bool{"DecodeWord": {0: true}, "Lookup": {0: true}, "NextPCsWord": {0: true}, "LookupTo": {1: true}}
	wordParam := regexp.MustCompile(`^(w|word|insn|inst|words|w\d)$`)
	for _, f := range files {
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		parsed[f] = af
		for _, d := range af.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			i := 0
			for _, fl := range fd.Type.Params.List {
				for k := 0; k < max(1, len(fl.Names)); k++ {
					if k < len(fl.Names) && wordParam.MatchString(fl.Names[k].Name) {
						if params[fd.Name.Name] == nil {
							params[fd.Name.Name] = map[int]bool{}
						}
						params[fd.Name.Name][i] = true
					}
					i++
				}
			}
		}
	}
	wordKeys := map[string]bool{"insn": true, "word": true, "w": true, "inst": true, "words": true, "insns": true}
	wordVar := regexp.MustCompile(`^(w[A-Z0-9_].*|.*[Ii]nsn.*|.*Word.*|words?|insns?)$`)
	hex8 := regexp.MustCompile(`^0[xX][0-9a-fA-F]{8}$`)
	found := 0
	check := func(l *ast.BasicLit) {
		if l.Kind != token.INT || !hex8.MatchString(l.Value) {
			return
		}
		v, _ := strconv.ParseUint(l.Value[2:], 16, 32)
		w := uint32(v)
		in, err := decode.DecodeWord(w, 0)
		if err != nil || in.Invalid != 0 || decode.IsPrefix(w) {
			return
		}
		if w2, s2, err := decode.Encode(in.Op, in.Args[:in.NArgs]...); err != nil || w2 != w || s2 != 0 {
			return
		}
		found++
		t.Errorf("%s: raw instruction word %s (%v): build it with enc", fset.Position(l.Pos()), l.Value, in.String())
	}
	// lits checks e, or the elements of a composite literal e; an
	// element after a prefix word is its suffix and is left alone.
	lits := func(e ast.Expr) {
		switch x := e.(type) {
		case *ast.BasicLit:
			check(x)
		case *ast.CompositeLit:
			afterPrefix := false
			for _, el := range x.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					el = kv.Value
				}
				l, ok := el.(*ast.BasicLit)
				if ok && !afterPrefix {
					check(l)
				}
				afterPrefix = false
				if ok && hex8.MatchString(l.Value) {
					v, _ := strconv.ParseUint(l.Value[2:], 16, 32)
					afterPrefix = decode.IsPrefix(uint32(v))
				}
			}
		}
	}
	scanned := 0
	for f, af := range parsed {
		if _, ok := rawWordsAllowed[f]; ok || len(f) < 8 || f[len(f)-8:] != "_test.go" {
			continue
		}
		scanned++
		ast.Inspect(af, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.KeyValueExpr:
				if id, ok := x.Key.(*ast.Ident); ok && wordKeys[id.Name] {
					lits(x.Value)
				}
			case *ast.CallExpr:
				name := ""
				switch f := x.Fun.(type) {
				case *ast.Ident:
					name = f.Name
				case *ast.SelectorExpr:
					name = f.Sel.Name
				}
				for i, a := range x.Args {
					if params[name][i] {
						if l, ok := a.(*ast.BasicLit); ok {
							check(l)
						}
					}
				}
			case *ast.ValueSpec:
				for i, nm := range x.Names {
					if i < len(x.Values) && wordVar.MatchString(nm.Name) {
						lits(x.Values[i])
					}
				}
			case *ast.AssignStmt:
				for i, lhs := range x.Lhs {
					if id, ok := lhs.(*ast.Ident); ok && wordVar.MatchString(id.Name) && i < len(x.Rhs) {
						lits(x.Rhs[i])
					}
				}
			}
			return true
		})
	}
	if scanned < 50 {
		t.Errorf("scanned %d test files, want the package's (50 or more)", scanned)
	}
}
