import Foundation
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

@Suite("Edit recipe", .suiteTimeLimit)
struct EditRecipeTests {
    @Test func parsesEveryKey() throws {
        let recipe = try EditRecipe.parse(
            json: Data(
                """
                {"exposure":0.5,"contrast":-0.2,"saturation":0.3,"crop":{"x":0.1,"y":0.2,"width":0.5,"height":0.6},"rotate":-90,"maxDimension":1024}
                """.utf8))
        #expect(
            recipe
                == EditRecipe(
                    exposure: 0.5, contrast: -0.2, saturation: 0.3,
                    crop: NormalizedRect(x: 0.1, y: 0.2, width: 0.5, height: 0.6), rotate: -90, maxDimension: 1024))
    }

    @Test(arguments: [
        (#"{"exposur":1}"#, "exposur"),
        (#"{"exposure":11}"#, "exposure"),
        (#"{"contrast":"high"}"#, "contrast"),
        (#"{"saturation":-1.5}"#, "saturation"),
        (#"{"rotate":45}"#, "rotate"),
        (#"{"maxDimension":4}"#, "maxDimension"),
        (#"{"crop":{"x":0.5,"y":0,"width":0.6,"height":1}}"#, "crop"),
        (#"{"crop":{"x":0,"y":0,"width":0,"height":1}}"#, "crop"),
        (#"{"crop":{"x":0,"y":0,"w":1,"height":1}}"#, "crop.w"),
        (#"{"hdr":"maybe"}"#, "hdr"),
        (#"{"hdr":true}"#, "hdr"),
        (#"{"hdr":"../drop"}"#, "hdr"),
        (#"[1,2]"#, "object"),
        (#"{not json"#, "JSON"),
    ])
    func refusesBadRecipesNamingTheKey(json: String, key: String) {
        let error = #expect(throws: RecipeError.self) { try EditRecipe.parse(json: Data(json.utf8)) }
        #expect(error?.problem.contains(key) == true, "\(error?.problem ?? "no error") should mention \(key)")
    }

    @Test("an empty \"lut\" is refused with a base directory too (it used to become the directory itself)")
    func emptyLUTIsRefusedWithABaseDirectory() {
        for base in [nil, "/tmp/recipes"] {
            let error = #expect(throws: RecipeError.self) { try EditRecipe.parse(json: Data(#"{"lut":""}"#.utf8), baseDirectory: base) }
            #expect(error?.problem.contains("\"lut\" must name a .cube file") == true, "\(base ?? "no base"): \(error?.problem ?? "no error")")
        }
    }

    @Test func emptyRecipeChangesNothing() throws {
        let recipe = try EditRecipe.parse(json: Data("{}".utf8))
        #expect(recipe == EditRecipe())
        #expect(!recipe.changesColour)
    }
}
