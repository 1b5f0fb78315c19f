package vec

import "testing"

var sink V

var (
	bA = V{Hi: 0x0001020304050607, Lo: 0x08090a0b0c0d0e0f}
	bB = V{Hi: 0x0f0e0d0c0b0a0908, Lo: 0x1716151413121110}
	bC = V{Hi: 0x1f00ff00aa550102, Lo: 0x0405060708090a0b}
)

func BenchmarkAddModulo(b *testing.B) {
	for b.Loop() {
		sink = AddModulo(bA, bB, 4)
	}
}

func BenchmarkPermute(b *testing.B) {
	for b.Loop() {
		sink = Permute(bA, bB, bC)
	}
}

func BenchmarkCompareEqualBytes(b *testing.B) {
	for b.Loop() {
		sink = CompareEqual(bA, bB, 1)
	}
}

func BenchmarkCipher(b *testing.B) {
	for b.Loop() {
		sink = Cipher(bA, bB, false)
	}
}

func BenchmarkMultiplyAddFP(b *testing.B) {
	for b.Loop() {
		sink, _ = MultiplyAddFP(bA, bB, bC, false, FPMode{})
	}
}

func BenchmarkMergeHighBytes(b *testing.B) {
	for b.Loop() {
		sink = MergeHigh(bA, bB, 1)
	}
}

func BenchmarkMergeLowWords(b *testing.B) {
	for b.Loop() {
		sink = MergeLow(bA, bB, 4)
	}
}

func BenchmarkPackModuloHalves(b *testing.B) {
	for b.Loop() {
		sink = PackModulo(bA, bB, 2)
	}
}

func BenchmarkSplatElementBytes(b *testing.B) {
	for b.Loop() {
		sink = SplatElement(bA, 5, 1)
	}
}

func BenchmarkCompareNotEqualOrZeroBytes(b *testing.B) {
	for b.Loop() {
		sink = CompareNotEqualOrZero(bA, bB, 1)
	}
}

func BenchmarkCompareGreaterWords(b *testing.B) {
	for b.Loop() {
		sink = CompareGreater(bA, bB, 4, true)
	}
}

func BenchmarkAverageHalves(b *testing.B) {
	for b.Loop() {
		sink = Average(bA, bB, 2, false)
	}
}

func BenchmarkMinBytes(b *testing.B) {
	for b.Loop() {
		sink = Min(bA, bB, 1, false)
	}
}

func BenchmarkShiftLeftDouble(b *testing.B) {
	for b.Loop() {
		sink = ShiftLeftDouble(bA, bB, 5)
	}
}

var sinkU uint64

func BenchmarkBitPermuteQuad(b *testing.B) {
	for b.Loop() {
		sink = BitPermuteQuad(bA, bC)
	}
}

func BenchmarkGatherBitsByBytes(b *testing.B) {
	for b.Loop() {
		sink = GatherBitsByBytes(bC)
	}
}

func BenchmarkCountTrailingZeroLSBBytes(b *testing.B) {
	for b.Loop() {
		sinkU = CountTrailingZeroLSBBytes(V{Hi: 1 << 40})
	}
}

func BenchmarkUnpackSignedBytes(b *testing.B) {
	for b.Loop() {
		sink = UnpackSigned(bC, 1, true)
	}
}

func BenchmarkExpandMaskBytes(b *testing.B) {
	for b.Loop() {
		sink = ExpandMask(bC, 1)
	}
}

func BenchmarkAddSaturateSignedBytes(b *testing.B) {
	for b.Loop() {
		sink, _ = AddSaturate(bC, bB, 1, true)
	}
}
