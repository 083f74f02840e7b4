/// An XMP namespace: its URI and the prefix Glint writes it with.
public struct XMPNamespace: Sendable, Hashable {
    /// The namespace URI, which identifies it.
    public let uri: String
    /// The prefix used when writing (readers such as Android's match the Google prefixes literally).
    public let prefix: String

    public init(uri: String, prefix: String) {
        self.uri = uri
        self.prefix = prefix
    }

    /// Google camera properties (`GCamera:MotionPhoto`, `GCamera:MicroVideo`...).
    public static let googleCamera = XMPNamespace(uri: "http://ns.google.com/photos/1.0/camera/", prefix: "GCamera")
    /// Google container directory (`Container:Directory`).
    public static let container = XMPNamespace(uri: "http://ns.google.com/photos/1.0/container/", prefix: "Container")
    /// Fields of a container item (`Item:Mime`, `Item:Semantic`, `Item:Length`, `Item:Padding`).
    public static let containerItem = XMPNamespace(uri: "http://ns.google.com/photos/1.0/container/item/", prefix: "Item")
    /// EXIF properties mirrored in XMP (`exif:GPSLatitude`...).
    public static let exif = XMPNamespace(uri: "http://ns.adobe.com/exif/1.0/", prefix: "exif")
    /// EXIF 2.3 additions (`exifEX:`).
    public static let exifEX = XMPNamespace(uri: "http://cipa.jp/exif/1.0/", prefix: "exifEX")
    /// Photoshop properties (`photoshop:City`...).
    public static let photoshop = XMPNamespace(uri: "http://ns.adobe.com/photoshop/1.0/", prefix: "photoshop")
    /// IPTC Core (`Iptc4xmpCore:Location`...).
    public static let iptcCore = XMPNamespace(uri: "http://iptc.org/std/Iptc4xmpCore/1.0/xmlns/", prefix: "Iptc4xmpCore")
    /// IPTC Extension (`Iptc4xmpExt:LocationCreated`...).
    public static let iptcExtension = XMPNamespace(uri: "http://iptc.org/std/Iptc4xmpExt/2008-02-29/", prefix: "Iptc4xmpExt")
    /// XMP basic properties (`xmp:CreateDate`...).
    public static let xmp = XMPNamespace(uri: "http://ns.adobe.com/xap/1.0/", prefix: "xmp")
    /// Adobe's Ultra HDR gain-map description (`hdrgm:Version`).
    public static let hdrGainMap = XMPNamespace(uri: "http://ns.adobe.com/hdr-gain-map/1.0/", prefix: "hdrgm")

    /// The namespaces registered with the toolkit before any packet is read, so their prefixes
    /// are the ones written.
    /// Apple's gain map version and headroom (`HDRGainMap:HDRGainMapVersion`).
    public static let appleGainMap = XMPNamespace(uri: "http://ns.apple.com/HDRGainMap/1.0/", prefix: "HDRGainMap")
    /// Apple's auxiliary image description (`apdi:AuxiliaryImageType`).
    public static let applePixelData = XMPNamespace(uri: "http://ns.apple.com/pixeldatainfo/1.0/", prefix: "apdi")

    static let registered: [XMPNamespace] = [
        googleCamera, container, containerItem, exifEX, iptcCore, iptcExtension, hdrGainMap, appleGainMap, applePixelData,
    ]
}
