import Foundation

/// CIE L*a*b* colours and the CIEDE2000 colour difference, for measuring how alike two pictures
/// look (an edited still against an edited frame, say).
public enum ColourDifference {
    /// A colour in CIE L*a*b* (D65 white).
    public struct Lab: Sendable, Equatable {
        public var l: Double
        public var a: Double
        public var b: Double
    }

    private static let linear: [Double] = (0..<256).map { TransferCurve.decode(Double($0) / 255) }

    /// Converts an sRGB pixel to L*a*b*.
    public static func lab(r: UInt8, g: UInt8, b: UInt8) -> Lab {
        let (rl, gl, bl) = (linear[Int(r)], linear[Int(g)], linear[Int(b)])
        let x = (0.4124564 * rl + 0.3575761 * gl + 0.1804375 * bl) / 0.95047
        let y = 0.2126729 * rl + 0.7151522 * gl + 0.0721750 * bl
        let z = (0.0193339 * rl + 0.1191920 * gl + 0.9503041 * bl) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let (fx, fy, fz) = (f(x), f(y), f(z))
        return Lab(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    /// The CIEDE2000 difference between two colours.
    public static func ciede2000(_ c1: Lab, _ c2: Lab) -> Double {
        let rad = Double.pi / 180
        let cBar = (hypot(c1.a, c1.b) + hypot(c2.a, c2.b)) / 2
        let g = 0.5 * (1 - (pow(cBar, 7) / (pow(cBar, 7) + pow(25, 7))).squareRoot())
        let a1 = (1 + g) * c1.a
        let a2 = (1 + g) * c2.a
        let cp1 = hypot(a1, c1.b)
        let cp2 = hypot(a2, c2.b)
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let h = atan2(b, a) / rad
            return h < 0 ? h + 360 : h
        }
        let hp1 = hue(c1.b, a1)
        let hp2 = hue(c2.b, a2)
        let dL = c2.l - c1.l
        let dC = cp2 - cp1
        var dh = 0.0
        if cp1 * cp2 != 0 {
            dh = hp2 - hp1
            if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        }
        let dH = 2 * (cp1 * cp2).squareRoot() * sin(dh / 2 * rad)
        let lBar = (c1.l + c2.l) / 2
        let cpBar = (cp1 + cp2) / 2
        var hBar = hp1 + hp2
        if cp1 * cp2 != 0 {
            if abs(hp1 - hp2) > 180 { hBar += hBar < 360 ? 360 : -360 }
            hBar /= 2
        }
        let t =
            1 - 0.17 * cos((hBar - 30) * rad) + 0.24 * cos(2 * hBar * rad)
            + 0.32 * cos((3 * hBar + 6) * rad) - 0.20 * cos((4 * hBar - 63) * rad)
        let dTheta = 30 * exp(-pow((hBar - 275) / 25, 2))
        let rc = 2 * (pow(cpBar, 7) / (pow(cpBar, 7) + pow(25, 7))).squareRoot()
        let sl = 1 + 0.015 * pow(lBar - 50, 2) / (20 + pow(lBar - 50, 2)).squareRoot()
        let sc = 1 + 0.045 * cpBar
        let sh = 1 + 0.015 * cpBar * t
        let rt = -sin(2 * dTheta * rad) * rc
        return (pow(dL / sl, 2) + pow(dC / sc, 2) + pow(dH / sh, 2) + rt * (dC / sc) * (dH / sh)).squareRoot()
    }

    /// The mean CIEDE2000 difference between two images of the same size.
    /// - Parameter step: Compare every `step`-th pixel in each direction (1 compares all).
    public static func meanCIEDE2000(_ x: RGBImage, _ y: RGBImage, step: Int = 1) -> Double {
        precondition(x.width == y.width && x.height == y.height, "images must have the same size")
        var total = 0.0
        var count = 0
        for row in stride(from: 0, to: x.height, by: step) {
            for column in stride(from: 0, to: x.width, by: step) {
                let p = x[column, row]
                let q = y[column, row]
                total += ciede2000(lab(r: p.r, g: p.g, b: p.b), lab(r: q.r, g: q.g, b: q.b))
                count += 1
            }
        }
        return count == 0 ? 0 : total / Double(count)
    }
}
