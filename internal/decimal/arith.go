package decimal

// The operations below take encoded operands and give an encoded result
// and the exception conditions raised. An invalid operation gives the
// default QNaN; a NaN operand gives that NaN, quieted (the first signalling
// NaN among the operands in order, else the first quiet one), keeping its
// sign and payload.

// defaultNaN is the QNaN of an invalid operation.
func (f *Format) defaultNaN() Bits { return f.Pack(Number{Class: QNaN}) }

// nan handles NaN operands: it reports whether one of a, b (b may be nil) is
// a NaN and, if so, the result and flags.
func (f *Format) nan(a, b *Number) (Bits, Flags, bool) {
	var fl Flags
	var pick *Number
	for _, x := range [2]*Number{a, b} {
		if x != nil && x.Class == SNaN {
			fl |= VXSNAN
			if pick == nil || pick.Class != SNaN {
				pick = x
			}
		}
	}
	if pick == nil {
		switch {
		case a.Class == QNaN:
			pick = a
		case b != nil && b.Class == QNaN:
			pick = b
		default:
			return Bits{}, 0, false
		}
	}
	q := *pick
	q.Class = QNaN
	return f.Pack(q), fl, true
}

// pack encodes a rounded result.
func (f *Format) pack(n Number, fl Flags) (Bits, Flags) { return f.Pack(n), fl }

// Add returns a + b (a − b when sub).
func (f *Format) Add(ctx Context, a, b Bits, sub bool) (Bits, Flags) {
	x, y := f.Unpack(a), f.Unpack(b)
	if r, fl, ok := f.nan(&x, &y); ok {
		return r, fl
	}
	if sub {
		y.Neg = !y.Neg
	}
	switch {
	case x.Class == Infinity && y.Class == Infinity && x.Neg != y.Neg:
		return f.defaultNaN(), VXISI
	case x.Class == Infinity:
		return f.Pack(Number{Neg: x.Neg, Class: Infinity}), 0
	case y.Class == Infinity:
		return f.Pack(Number{Neg: y.Neg, Class: Infinity}), 0
	}
	return f.pack(f.addFinite(ctx, x, y))
}

func (f *Format) addFinite(ctx Context, x, y Number) (Number, Flags) {
	if x.Exp < y.Exp {
		x, y = y, x // x has the larger exponent
	}
	ideal := y.Exp
	cx, cy := x.Coef.wide(), y.Coef.wide()
	e := y.Exp
	sticky := false
	if cx.isZero() {
		cx = u256{}
	} else if shift := x.Exp - y.Exp; shift > f.Precision+6 {
		// y lies entirely below the rounding position of the result:
		// keep p+6 digits of x's scale and y's digits above it, the rest
		// as a sticky bit.
		e = x.Exp - (f.Precision + 6)
		var r u256
		cy, r = cy.divPow10(e - y.Exp)
		sticky = !r.isZero()
		cx = cx.mulPow10(f.Precision + 6)
	} else {
		cx = cx.mulPow10(shift)
	}
	neg := x.Neg
	var c u256
	if x.Neg == y.Neg {
		c = cx.add(cy)
	} else {
		switch cx.cmp(cy) {
		case 1:
			c = cx.sub(cy)
			if sticky {
				c = c.sub(u256{1})
			}
		case -1:
			c, neg = cy.sub(cx), y.Neg // y is not truncated when it is larger
		default:
			neg = ctx.Rounding == TowardNegInf
		}
	}
	if c.isZero() && !sticky {
		if x.Neg == y.Neg {
			neg = x.Neg
		}
		return f.Round(ctx, neg, c, ideal, false)
	}
	return f.Round(ctx, neg, c, e, sticky)
}

// Mul returns a × b.
func (f *Format) Mul(ctx Context, a, b Bits) (Bits, Flags) {
	x, y := f.Unpack(a), f.Unpack(b)
	if r, fl, ok := f.nan(&x, &y); ok {
		return r, fl
	}
	neg := x.Neg != y.Neg
	if x.Class == Infinity || y.Class == Infinity {
		if x.Class == Finite && x.Coef.isZero() || y.Class == Finite && y.Coef.isZero() {
			return f.defaultNaN(), VXIMZ
		}
		return f.Pack(Number{Neg: neg, Class: Infinity}), 0
	}
	c := x.Coef.wide().mul(y.Coef.wide())
	return f.pack(f.Round(ctx, neg, c, x.Exp+y.Exp, false))
}

// Div returns a ÷ b.
func (f *Format) Div(ctx Context, a, b Bits) (Bits, Flags) {
	x, y := f.Unpack(a), f.Unpack(b)
	if r, fl, ok := f.nan(&x, &y); ok {
		return r, fl
	}
	neg := x.Neg != y.Neg
	switch {
	case x.Class == Infinity && y.Class == Infinity:
		return f.defaultNaN(), VXIDI
	case x.Class == Infinity:
		return f.Pack(Number{Neg: neg, Class: Infinity}), 0
	case y.Class == Infinity:
		return f.Pack(Number{Neg: neg, Exp: f.Qmin()}), 0
	}
	cx, cy := x.Coef.wide(), y.Coef.wide()
	ideal := x.Exp - y.Exp
	switch {
	case cy.isZero() && cx.isZero():
		return f.defaultNaN(), VXZDZ
	case cy.isZero():
		return f.Pack(Number{Neg: neg, Class: Infinity}), ZX
	case cx.isZero():
		return f.pack(f.Round(ctx, neg, u256{}, ideal, false))
	}
	// Scale the dividend so the quotient has at least p+2 digits.
	k := max(f.Precision+2+cy.digits()-cx.digits(), 0)
	q, r := cx.mulPow10(k).divmod(cy)
	e := ideal - k
	if r.isZero() {
		for e < ideal {
			q2, d := q.divmod64(10)
			if d != 0 {
				break
			}
			q, e = q2, e+1
		}
		return f.pack(f.Round(ctx, neg, q, e, false))
	}
	return f.pack(f.Round(ctx, neg, q, e, true))
}

// Condition-code bits of the compares and tests (FPCC, CR field).
const (
	CCLess    = 8
	CCGreater = 4
	CCEqual   = 2
	CCUnorder = 1
)

// Compare compares a and b (dcmpu, or dcmpo when ordered) and gives the
// condition code (one of the CC bits) and the flags: VXSNAN for a
// signalling NaN, and for an ordered compare VXVC for any NaN (with a
// signalling NaN only if !ve, as the ISA says for VE = 1).
func (f *Format) Compare(a, b Bits, ordered, ve bool) (cc uint32, fl Flags) {
	x, y := f.Unpack(a), f.Unpack(b)
	if x.isNaN() || y.isNaN() {
		if x.Class == SNaN || y.Class == SNaN {
			fl |= VXSNAN
			if ordered && !ve {
				fl |= VXVC
			}
		} else if ordered {
			fl |= VXVC
		}
		return CCUnorder, fl
	}
	switch c := cmpNum(&x, &y); {
	case c < 0:
		return CCLess, 0
	case c > 0:
		return CCGreater, 0
	}
	return CCEqual, 0
}

// cmpNum compares two non-NaN numbers by value.
func cmpNum(x, y *Number) int {
	zx := x.Class == Finite && x.Coef.isZero()
	zy := y.Class == Finite && y.Coef.isZero()
	if zx && zy {
		return 0
	}
	sx, sy := sign(x, zx), sign(y, zy)
	if sx != sy {
		if sx < sy {
			return -1
		}
		return 1
	}
	m := cmpMag(x, y, zx, zy)
	return m * sx
}

func sign(x *Number, zero bool) int {
	switch {
	case zero:
		return 0
	case x.Neg:
		return -1
	}
	return 1
}

// cmpMag compares magnitudes of non-NaN numbers, not both zero.
func cmpMag(x, y *Number, zx, zy bool) int {
	switch {
	case x.Class == Infinity && y.Class == Infinity:
		return 0
	case x.Class == Infinity, zy:
		return 1
	case y.Class == Infinity, zx:
		return -1
	}
	cx, cy := x.Coef.wide(), y.Coef.wide()
	ax, ay := x.Exp+cx.digits(), y.Exp+cy.digits()
	if ax != ay {
		if ax < ay {
			return -1
		}
		return 1
	}
	// Same adjusted exponent: the exponent difference is below p.
	if x.Exp > y.Exp {
		cx = cx.mulPow10(x.Exp - y.Exp)
	} else {
		cy = cy.mulPow10(y.Exp - x.Exp)
	}
	return cx.cmp(cy)
}
