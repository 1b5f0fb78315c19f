package vec

// Logical and select (Power ISA 3.1B Book I 6.9.2).

// And is vand.
func And(a, b V) V { return V{Hi: a.Hi & b.Hi, Lo: a.Lo & b.Lo} }

// AndC is vandc: a & ¬b.
func AndC(a, b V) V { return V{Hi: a.Hi &^ b.Hi, Lo: a.Lo &^ b.Lo} }

// Or is vor.
func Or(a, b V) V { return V{Hi: a.Hi | b.Hi, Lo: a.Lo | b.Lo} }

// OrC is vorc: a | ¬b.
func OrC(a, b V) V { return V{Hi: a.Hi | ^b.Hi, Lo: a.Lo | ^b.Lo} }

// Xor is vxor.
func Xor(a, b V) V { return V{Hi: a.Hi ^ b.Hi, Lo: a.Lo ^ b.Lo} }

// Nor is vnor.
func Nor(a, b V) V { return V{Hi: ^(a.Hi | b.Hi), Lo: ^(a.Lo | b.Lo)} }

// Nand is vnand.
func Nand(a, b V) V { return V{Hi: ^(a.Hi & b.Hi), Lo: ^(a.Lo & b.Lo)} }

// Eqv is veqv: ¬(a ^ b).
func Eqv(a, b V) V { return V{Hi: ^(a.Hi ^ b.Hi), Lo: ^(a.Lo ^ b.Lo)} }

// Select is vsel: each bit from b where the bit of c is 1, else from a.
func Select(a, b, c V) V {
	return V{Hi: a.Hi&^c.Hi | b.Hi&c.Hi, Lo: a.Lo&^c.Lo | b.Lo&c.Lo}
}
