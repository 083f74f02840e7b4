import CHeif

extension HEIFImageHandle {
    /// The auxiliary image of this image whose `auxC` type is `type` (Apple's gain map), or nil.
    func auxiliaryImage(type: String) throws -> HEIFImageHandle? {
        let count = Int(heif_image_handle_get_number_of_auxiliary_images(pointer, 0))
        guard count > 0 else { return nil }
        var ids = [heif_item_id](repeating: 0, count: count)
        let found = Int(heif_image_handle_get_list_of_auxiliary_image_IDs(pointer, 0, &ids, Int32(count)))
        for id in ids.prefix(found) {
            var handle: OpaquePointer?
            try HEIFLibrary.check(heif_image_handle_get_auxiliary_image_handle(pointer, id, &handle), "open auxiliary image \(id)")
            guard let handle else { continue }
            let auxiliary = HEIFImageHandle(handle, context: context)
            var name: UnsafePointer<CChar>?
            try HEIFLibrary.check(heif_image_handle_get_auxiliary_type(handle, &name), "read the type of auxiliary image \(id)")
            let text = name.map { String(cString: $0) }
            heif_image_handle_free_auxiliary_types(handle, &name)
            if text == type { return auxiliary }
        }
        return nil
    }

    /// Decodes a single-channel image as displayed (transforms applied) to 8 bits, each value
    /// repeated in R, G and B.
    func decodeGrey() throws -> RGBImage {
        let decoded = try decode(heif_colorspace_monochrome, heif_chroma_monochrome, what: "the gain map image")
        defer { heif_image_release(decoded) }
        let (plane, stride, width, height) = try Self.plane(decoded, heif_channel_Y, bytesPerPixel: 1, what: "8-bit grey gain map pixels")
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            let row = plane + y * stride
            for x in 0..<width {
                let value = row[x]
                let i = (y * width + x) * 3
                (pixels[i], pixels[i + 1], pixels[i + 2]) = (value, value, value)
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}
