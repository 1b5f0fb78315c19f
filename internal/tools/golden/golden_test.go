package golden

import "testing"

func TestInsns(t *testing.T) {
	ins, err := Insns("../../../testdata/traces")
	if err != nil {
		t.Fatal(err)
	}
	if len(ins) < 1000 {
		t.Fatalf("only %d instructions in the golden traces", len(ins))
	}
	prefixed := 0
	for _, in := range ins {
		if in.Word>>26 == 1 {
			prefixed++
		} else if in.Suffix != 0 {
			t.Errorf("%08x has a suffix %08x but is not a prefix", in.Word, in.Suffix)
		}
	}
	if prefixed == 0 {
		t.Error("no prefixed instructions found")
	}
}
