/// Tag numbers of the EXIF and TIFF entries Glint reads or writes by name.
///
/// Every other tag is carried through as it was found.
public enum ExifTag {
    /// IFD0/IFD1 `ImageWidth` (SHORT or LONG).
    public static let imageWidth: UInt16 = 0x0100
    /// IFD0/IFD1 `ImageLength` (the height; SHORT or LONG).
    public static let imageLength: UInt16 = 0x0101
    /// IFD1 `Compression` (6 = JPEG thumbnail).
    public static let compression: UInt16 = 0x0103
    /// IFD0 `Make`.
    public static let make: UInt16 = 0x010F
    /// IFD0 `Model`.
    public static let model: UInt16 = 0x0110
    /// `StripOffsets`: uncompressed image data at absolute offsets.
    public static let stripOffsets: UInt16 = 0x0111
    /// IFD0 `Orientation` (SHORT, 1-8).
    public static let orientation: UInt16 = 0x0112
    /// `XResolution` (RATIONAL).
    public static let xResolution: UInt16 = 0x011A
    /// `YResolution` (RATIONAL).
    public static let yResolution: UInt16 = 0x011B
    /// `ResolutionUnit` (SHORT, 2 = inches).
    public static let resolutionUnit: UInt16 = 0x0128
    /// IFD1 `JPEGInterchangeFormat`: offset of the thumbnail JPEG.
    public static let thumbnailOffset: UInt16 = 0x0201
    /// IFD1 `JPEGInterchangeFormatLength`: length of the thumbnail JPEG.
    public static let thumbnailLength: UInt16 = 0x0202
    /// IFD0 pointer to the Exif sub-IFD.
    public static let exifIFDPointer: UInt16 = 0x8769
    /// IFD0 pointer to the GPS IFD.
    public static let gpsIFDPointer: UInt16 = 0x8825
    /// Exif IFD `ExifVersion` (UNDEFINED, 4 bytes such as `"0232"`).
    public static let exifVersion: UInt16 = 0x9000
    /// Exif IFD `MakerNote` (UNDEFINED).
    public static let makerNote: UInt16 = 0x927C
    /// Exif IFD `PixelXDimension` (SHORT or LONG).
    public static let pixelXDimension: UInt16 = 0xA002
    /// Exif IFD `PixelYDimension` (SHORT or LONG).
    public static let pixelYDimension: UInt16 = 0xA003
    /// Exif IFD pointer to the Interoperability IFD.
    public static let interoperabilityIFDPointer: UInt16 = 0xA005

    /// Tags whose values are offsets to directories; the writer rebuilds them.
    static let directoryPointers: Set<UInt16> = [exifIFDPointer, gpsIFDPointer, interoperabilityIFDPointer]
}
