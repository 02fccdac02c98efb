import { curlyQuotes } from "./curly-quotes";

describe("curlyQuotes", () => {
  it.each([
    ['Raymond "Ray" Castillo', "Raymond \u201cRay\u201d Castillo"],
    ['"Ray" Castillo', "\u201cRay\u201d Castillo"],
    ["Ray's chair", "Ray\u2019s chair"],
    ["he said 'sit still'.", "he said \u2018sit still\u2019."],
    ['("quoted")', "(\u201cquoted\u201d)"],
    ["no quotes at all", "no quotes at all"],
    ["Raymond \u201cRay\u201d Castillo", "Raymond \u201cRay\u201d Castillo"],
  ])("%s reads %s", (text, typeset) => {
    expect(curlyQuotes(text)).toBe(typeset);
  });
});
