package decode

import "testing"

func TestOpByName(t *testing.T) {
	for i := 1; i < NumOps; i++ {
		op := Op(i)
		if got, ok := OpByName(op.String()); !ok || got != op {
			t.Errorf("OpByName(%q) = %v, %v", op.String(), got, ok)
		}
	}
	for _, name := range []string{"", "ADD", "nosuchop", "Op(0)"} {
		if _, ok := OpByName(name); ok {
			t.Errorf("OpByName(%q) succeeded", name)
		}
	}
}
