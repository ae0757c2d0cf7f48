// SPDX-License-Identifier: MIT
// What the fuzzers' deterministic drivers share: a fixed-seed random source, the values they
// put in place of a number (at the edges of int32, int64, uint64 and double; legal but large;
// of the wrong type), and the text mutations built on them. The mutations work on any text —
// JSON, TOML, shell words —, so one table of formats (fuzz_formats.cpp) and the plan fuzzer
// (fuzz_plan.cpp) use the same ones.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace fourfold::fuzz {

// Numbers at the edges of the ranges a value may take (int32, uint64, double).
inline constexpr const char* kEdgeNumbers[] = {"0",
                                               "-1",
                                               "1",
                                               "2",
                                               "3",
                                               "7",
                                               "8",
                                               "64",
                                               "1024",
                                               "2147483647",
                                               "-2147483648",
                                               "2147483648",
                                               "4294967296",
                                               "9007199254740993",
                                               "9223372036854775807",
                                               "9223372036854775808",
                                               "18446744073709551615",
                                               "18446744073709551616",
                                               "1e19",
                                               "1e308",
                                               "-1e308",
                                               "1e-300",
                                               "0.5",
                                               "-0.5",
                                               "1.0000001",
                                               "0.999999",
                                               "1e400",
                                               "-0",
                                               "2.5",
                                               "1e9"};
// Values a reader accepts for most keys, so mutated inputs reach the engine with large but
// legal combinations (the products of these are what could overflow).
inline constexpr const char* kLegalNumbers[] = {
    "1",     "2",   "3",    "4",    "8",    "16",  "64",         "1000",    "4096",
    "65536", "1e9", "1e12", "1e18", "0.25", "0.9", "2147483647", "1000000", "123456789"};
// Values of the wrong kind, for the readers' type checks.
inline constexpr const char* kOddValues[] = {"null", "true", "\"\"", "[]", "{}", "\"x\"", "[1, 2]"};
// How deep a value is wrapped in brackets: around the readers' bounds (64 for imports, 128
// for plans and lessons) and far past them, where a recursive parser overflows its stack.
inline constexpr int kNestingDepths[] = {2, 63, 64, 65, 127, 128, 129, 1000, 100000};

inline bool isNumberChar(char c) {
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

// A seeded source of choices: the same seed gives the same choices, so a failure reproduces.
class Random {
public:
    explicit Random(std::uint64_t seed) : engine_(seed) {}
    std::size_t pick(std::size_t bound) {
        return bound == 0 ? 0 : std::uniform_int_distribution<std::size_t>(0, bound - 1)(engine_);
    }
    template <std::size_t N>
    const char* pickFrom(const char* const (&values)[N]) {
        return values[pick(N)];
    }

private:
    std::mt19937_64 engine_;
};

// Replaces one number of the text (chosen at random) with `value`; nothing when it has none.
inline void replaceNumber(Random& random, std::string& text, std::string_view value) {
    std::vector<std::size_t> starts;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const bool start = (text[i] >= '0' && text[i] <= '9') || text[i] == '-';
        if (start && (i == 0 || !isNumberChar(text[i - 1]))) starts.push_back(i);
    }
    if (starts.empty()) return;
    const std::size_t begin = starts[random.pick(starts.size())];
    std::size_t end = begin;
    while (end < text.size() && isNumberChar(text[end])) ++end;
    text.replace(begin, end - begin, value);
}

// Wraps one number of the text in `depth` brackets: "[[[8]]]".
inline void nestNumber(Random& random, std::string& text, int depth) {
    const auto n = static_cast<std::size_t>(depth);
    replaceNumber(random, text, std::string(n, '[') + "8" + std::string(n, ']'));
}

// Repeats one line of the text after itself: a JSON member, a TOML key or a flag given twice.
inline void duplicateLine(Random& random, std::string& text) {
    std::vector<std::size_t> starts{0};
    for (std::size_t i = 0; i + 1 < text.size(); ++i) {
        if (text[i] == '\n') starts.push_back(i + 1);
    }
    const std::size_t begin = starts[random.pick(starts.size())];
    std::size_t end = text.find('\n', begin);
    end = end == std::string::npos ? text.size() : end + 1;
    std::string line = text.substr(begin, end - begin);
    if (line.empty() || line.back() != '\n') line += '\n';
    text.insert(end, line);
}

// One mutation of any text: mostly a number swapped for a legal, an edge or a wrong-typed
// value, sometimes nested deep or a line repeated, rarely the bytes themselves damaged or a
// piece of another seed spliced in.
inline void mutateText(Random& random, std::string& text, const std::vector<std::string>& seeds) {
    if (text.empty()) {
        text = random.pickFrom(kOddValues);
        return;
    }
    const std::size_t choice = random.pick(24);
    if (choice < 8) return replaceNumber(random, text, random.pickFrom(kLegalNumbers));
    if (choice < 13) return replaceNumber(random, text, random.pickFrom(kEdgeNumbers));
    if (choice < 15) return replaceNumber(random, text, random.pickFrom(kOddValues));
    if (choice < 17)
        return nestNumber(random, text, kNestingDepths[random.pick(std::size(kNestingDepths))]);
    if (choice < 19) return duplicateLine(random, text);
    if (choice < 20) {
        text[random.pick(text.size())] = static_cast<char>(random.pick(256));
    } else if (choice < 21) {
        text.erase(random.pick(text.size()), 1 + random.pick(8));
    } else if (choice < 23) {
        const std::string& other = seeds[random.pick(seeds.size())];
        if (!other.empty()) {
            text.insert(random.pick(text.size()),
                        other.substr(random.pick(other.size()), 1 + random.pick(64)));
        }
    } else {
        text.insert(random.pick(text.size()), random.pickFrom(kEdgeNumbers));
    }
}

inline std::string readFile(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

}  // namespace fourfold::fuzz
