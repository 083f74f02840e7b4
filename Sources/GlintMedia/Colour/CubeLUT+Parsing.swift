/// Reading Adobe `.cube` files (Cube LUT Specification 1.0).
///
/// Accepted: `#` comments (whole lines or after the values), blank lines, `TITLE "..."`,
/// `LUT_3D_SIZE N` (2...256), `DOMAIN_MIN r g b` and `DOMAIN_MAX r g b` (default 0 and 1),
/// DaVinci Resolve's `LUT_3D_INPUT_RANGE min max`, then exactly N³ lines of three numbers,
/// red changing fastest. Refused with an error naming the file and the line: 1D LUTs
/// (`LUT_1D_SIZE`), unknown keywords, keywords after the data, lines that are not three
/// numbers, non-finite numbers, a missing size, and too few or too many entries.
extension CubeLUT {
    /// The largest `.cube` file read (a 256-point table is about 200 MB of text).
    public static let maximumFileSize: Int64 = 256 << 20

    /// Reads and parses the `.cube` file at `path`.
    /// - Throws: ``MediaError`` naming the file: `.notFound`/`.unreadable`, `.tooLarge`, `.empty`,
    ///   `.unsupported` for a 1D LUT, `.corrupt` (with the line number) for anything malformed.
    public init(path: String) throws {
        let bytes = try RandomAccessFile(path: path).readAll(limit: Self.maximumFileSize)
        guard !bytes.isEmpty else { throw MediaError(.empty, file: path, "the .cube file is empty") }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw MediaError(.corrupt, file: path, "not a text .cube file (it is not UTF-8 text)")
        }
        try self.init(parsing: text, file: path)
    }

    /// Parses the text of a `.cube` file; `file` names it in errors.
    /// - Throws: ``MediaError`` as ``init(path:)``.
    public init(parsing text: String, file: String) throws {
        var parser = CubeFileParser(file: file, textBytes: text.utf8.count)
        // Characters, not bytes: "\r\n" is one newline character.
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            try parser.read(rawLine)
        }
        self = try parser.finish()
    }
}

/// The state of reading one `.cube` file line by line: the header keywords seen so far and the
/// table entries read.
private struct CubeFileParser {
    /// Names the file in errors.
    let file: String
    /// The most entries the text could hold ("0 0 0" and a newline each): what is reserved for
    /// the table, so that a small file claiming `LUT_3D_SIZE 256` does not take 200 MB up front.
    let entryRoom: Int
    var title: String?
    var size: Int?
    var domainMin = SIMD3<Double>(repeating: 0), domainMax = SIMD3<Double>(repeating: 1)
    var table: [Float] = []
    /// Entries `LUT_3D_SIZE` calls for.
    var expected = 0
    var lastDataLine = 0
    var lineNumber = 0

    init(file: String, textBytes: Int) {
        self.file = file
        entryRoom = textBytes / 6
    }

    /// Reads the next line: a keyword, an entry, or nothing (blank or a comment).
    mutating func read(_ rawLine: Substring) throws {
        lineNumber += 1
        var line = rawLine
        if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let keyword = words.first else { return }
        if let first = keyword.unicodeScalars.first, ("A"..."Z").contains(first) {
            try readKeyword(keyword, words: words, rawLine: rawLine)
        } else {
            try readEntry(words, line: line)
        }
    }

    /// Reads a header line starting with `keyword`.
    mutating func readKeyword(_ keyword: Substring, words: [Substring], rawLine: Substring) throws {
        guard table.isEmpty else { throw fail("keyword \(quoted(keyword)) after the table data") }
        switch keyword {
        case "TITLE":
            let rest = rawLine[keyword.endIndex...].trimmingSpaces
            title = String(rest.count >= 2 && rest.first == "\"" && rest.last == "\"" ? rest.dropFirst().dropLast() : rest)
        case "LUT_3D_SIZE":
            guard size == nil else { throw fail("LUT_3D_SIZE appears twice") }
            guard words.count == 2, let n = Int(words[1]) else { throw fail("LUT_3D_SIZE needs one whole number") }
            guard (2...CubeLUT.maximumSize).contains(n) else {
                throw fail("LUT_3D_SIZE \(n) is outside 2...\(CubeLUT.maximumSize)")
            }
            size = n
            expected = n * n * n
            table.reserveCapacity(min(expected, entryRoom) * 3)
        case "LUT_1D_SIZE", "LUT_1D_INPUT_RANGE":
            throw fail("this is a 1D LUT (\(keyword)); only 3D LUTs (LUT_3D_SIZE) are supported", kind: .unsupported)
        case "DOMAIN_MIN":
            let v = try numbers(words.dropFirst(), count: 3, what: "DOMAIN_MIN")
            domainMin = SIMD3(v[0], v[1], v[2])
        case "DOMAIN_MAX":
            let v = try numbers(words.dropFirst(), count: 3, what: "DOMAIN_MAX")
            domainMax = SIMD3(v[0], v[1], v[2])
        case "LUT_3D_INPUT_RANGE":
            let v = try numbers(words.dropFirst(), count: 2, what: "LUT_3D_INPUT_RANGE")
            domainMin = SIMD3(repeating: v[0])
            domainMax = SIMD3(repeating: v[1])
        default:
            throw fail("unknown keyword \(quoted(keyword))")
        }
    }

    /// Reads a table entry: three numbers.
    mutating func readEntry(_ words: [Substring], line: Substring) throws {
        guard size != nil else { throw fail("table data before LUT_3D_SIZE") }
        guard table.count < expected * 3 else {
            throw fail("more than the \(expected) entries LUT_3D_SIZE \(size!) calls for")
        }
        guard words.count == 3 else { throw fail("an entry needs three numbers, found \(quoted(line.trimmingSpaces))") }
        for word in words {
            guard let value = Float(word), value.isFinite else { throw fail("\(quoted(word)) is not a number") }
            table.append(value)
        }
        lastDataLine = lineNumber
    }

    /// The table, once every line is read.
    /// - Throws: ``MediaError`` without a size, with too few entries, or with an empty domain.
    func finish() throws -> CubeLUT {
        guard let size else {
            throw MediaError(.corrupt, file: file, "no LUT_3D_SIZE: not a 3D .cube LUT")
        }
        guard table.count == expected * 3 else {
            throw MediaError(
                .corrupt, file: file,
                "has \(table.count / 3) entries (the last on line \(lastDataLine)) but LUT_3D_SIZE \(size) needs \(expected)")
        }
        for axis in 0..<3 where !(domainMin[axis] < domainMax[axis]) {
            throw MediaError(.corrupt, file: file, "DOMAIN_MIN must be below DOMAIN_MAX on every axis")
        }
        // A span past the largest Double (-1e308 to 1e308) would turn a look-up at its end into NaN.
        for axis in 0..<3 where !(domainMax[axis] - domainMin[axis]).isFinite {
            throw MediaError(.corrupt, file: file, "DOMAIN_MIN to DOMAIN_MAX spans more than a Double holds")
        }
        return CubeLUT(size: size, table: table, title: title, domainMin: domainMin, domainMax: domainMax)
    }

    /// An error naming the file and the current line.
    func fail(_ problem: String, kind: MediaError.Kind = .corrupt) -> MediaError {
        MediaError(kind, file: file, "line \(lineNumber): \(problem)")
    }

    func quoted(_ s: Substring) -> String {
        s.count > 40 ? "\"\(s.prefix(40))...\"" : "\"\(s)\""
    }

    /// `count` finite numbers for the keyword `what`.
    func numbers(_ words: ArraySlice<Substring>, count: Int, what: String) throws -> [Double] {
        guard words.count == count else {
            throw fail("\(what) needs \(count) numbers, found \(words.count)")
        }
        return try words.map { word in
            guard let value = Double(word), value.isFinite else { throw fail("\(what): \(quoted(word)) is not a number") }
            return value
        }
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[start...end]
    }
}
