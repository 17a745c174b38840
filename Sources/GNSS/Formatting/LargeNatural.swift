/// A natural number of up to `capacity` 32-bit limbs, least significant first, in memory its
/// user owns: the exact products `FixedDecimal` rounds when they exceed 64 bits, up to the
/// largest `Double` times 10^15 (1,074 bits), without allocating.
struct LargeNatural {
    /// Limbs enough for 2^53 × 10^15 shifted left by 971 bits, and one to spare.
    static let capacity = 40

    private let limbs: UnsafeMutableBufferPointer<UInt32>
    /// Limbs in use; the highest is not 0, and there are none for 0.
    private var count = 0

    /// `value`, kept in `storage`, which must hold `capacity` limbs.
    init(_ value: UInt64, in storage: UnsafeMutableBufferPointer<UInt32>) {
        precondition(storage.count >= Self.capacity)
        limbs = storage
        limbs[0] = UInt32(truncatingIfNeeded: value)
        limbs[1] = UInt32(truncatingIfNeeded: value >> 32)
        count = 2
        trim()
    }

    private var isZero: Bool { count == 0 }

    private mutating func trim() {
        while count > 0 && limbs[count - 1] == 0 { count -= 1 }
    }

    /// Bit `index`, 0 the least significant.
    private func bit(_ index: Int) -> Bool {
        index / 32 < count && (limbs[index / 32] >> UInt32(index % 32)) & 1 == 1
    }

    /// Whether any bit below `index` is 1.
    private func hasBit(below index: Int) -> Bool {
        let whole = min(index / 32, count)
        for position in 0..<whole where limbs[position] != 0 { return true }
        guard whole < count else { return false }
        return limbs[whole] & ((1 << UInt32(index % 32)) &- 1) != 0
    }

    private mutating func multiply(by factor: UInt32) {
        var carry: UInt64 = 0
        for position in 0..<count {
            let product = UInt64(limbs[position]) * UInt64(factor) + carry
            limbs[position] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
        if carry != 0 {
            limbs[count] = UInt32(carry)
            count += 1
        }
    }

    /// Multiplies by 10^`exponent`.
    mutating func multiply(byPowerOfTen exponent: Int) {
        var rest = exponent
        while rest >= 9 {
            multiply(by: 1_000_000_000)
            rest -= 9
        }
        var factor: UInt32 = 1
        for _ in 0..<rest { factor *= 10 }
        if factor > 1 { multiply(by: factor) }
    }

    /// Multiplies by 2^`bits`.
    mutating func shiftLeft(by bits: Int) {
        guard !isZero else { return }
        let limbShift = bits / 32, bitShift = UInt32(bits % 32)
        let shiftedCount = count + limbShift + 1
        precondition(shiftedCount <= Self.capacity, "LargeNatural holds \(Self.capacity) limbs")
        limbs[shiftedCount - 1] = 0
        // From the top down, so every limb is read before a higher one's bits land on it.
        for position in stride(from: count - 1, through: 0, by: -1) {
            let limb = limbs[position]
            if bitShift > 0 { limbs[position + limbShift + 1] |= limb >> (32 - bitShift) }
            limbs[position + limbShift] = limb << bitShift
        }
        for position in 0..<limbShift { limbs[position] = 0 }
        count = shiftedCount
        trim()
    }

    /// Divides by 2^`bits`, rounding to the nearest, a tie to even, as `printf` rounds.
    mutating func shiftRightRoundingToEven(by bits: Int) {
        let roundsUp = bit(bits - 1)
        let isTie = roundsUp && !hasBit(below: bits - 1)
        let limbShift = bits / 32, bitShift = UInt32(bits % 32)
        if limbShift >= count {
            count = 0
        } else {
            for position in 0..<(count - limbShift) {
                var limb = limbs[position + limbShift] >> bitShift
                if bitShift > 0, position + limbShift + 1 < count {
                    limb |= limbs[position + limbShift + 1] << (32 - bitShift)
                }
                limbs[position] = limb
            }
            count -= limbShift
            trim()
        }
        let isOdd = !isZero && limbs[0] & 1 == 1
        if roundsUp && (!isTie || isOdd) { increment() }
    }

    private mutating func increment() {
        for position in 0..<count {
            limbs[position] &+= 1
            if limbs[position] != 0 { return }
        }
        limbs[count] = 1
        count += 1
    }

    /// Divides by 10^9 and returns the remainder.
    private mutating func divideByBillion() -> UInt32 {
        var remainder: UInt64 = 0
        for position in stride(from: count - 1, through: 0, by: -1) {
            let dividend = remainder << 32 | UInt64(limbs[position])
            limbs[position] = UInt32(dividend / 1_000_000_000)
            remainder = dividend % 1_000_000_000
        }
        trim()
        return UInt32(remainder)
    }

    /// Writes the number's digits with a point `decimals` from the right and at least one digit
    /// before it, at `start`, and returns how many bytes were written. Consumes the number.
    mutating func writeDecimal(decimals: Int, at start: UnsafeMutablePointer<UInt8>) -> Int {
        // The largest Double times 10^15 has 324 digits, nine at a time from the right.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 333) { digits in
            var first = digits.count
            repeat {
                var chunk = divideByBillion()
                for _ in 0..<9 {
                    first -= 1
                    digits[first] = UInt8(ascii: "0") + UInt8(chunk % 10)
                    chunk /= 10
                }
            } while !isZero
            let least = decimals + 1
            while digits.count - first < least {
                first -= 1
                digits[first] = UInt8(ascii: "0")
            }
            while digits.count - first > least && digits[first] == UInt8(ascii: "0") { first += 1 }
            let whole = digits.count - first - decimals
            var count = 0
            for position in first..<first + whole {
                start[count] = digits[position]
                count += 1
            }
            guard decimals > 0 else { return count }
            start[count] = UInt8(ascii: ".")
            count += 1
            for position in first + whole..<digits.count {
                start[count] = digits[position]
                count += 1
            }
            return count
        }
    }
}
