// SPDX-License-Identifier: MIT
#include "core/text/format.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace fourfold::core {
namespace {

// Three significant digits: 1.23, 12.3, 123.
std::string threeSignificant(double value) {
    const double magnitude = std::fabs(value);
    const int decimals = magnitude >= 99.95 ? 0 : magnitude >= 9.995 ? 1 : 2;
    return formatFixed(value, decimals);
}

}  // namespace

std::string formatFixed(double value, int decimals) {
    if (!std::isfinite(value)) return std::isnan(value) ? "n/a" : (value > 0 ? "∞" : "−∞");
    // std::to_chars rounds as printf's "%.*f" does (exactly, ties to even) at a fraction of its
    // cost: figures and their explanations format thousands of numbers per evaluation. The
    // buffer holds the longest double in fixed notation (309 digits) with its decimals.
    char buffer[400];
    const int places = std::clamp(decimals, 0, 60);
    const auto written =
        std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, places);
    return std::string(buffer, written.ptr);
}

std::string formatBytes(std::uint64_t bytes, ByteUnits units) {
    const double value = static_cast<double>(bytes);
    if (units == ByteUnits::Binary) {
        const char* names[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
        double scaled = value;
        int unit = 0;
        while (scaled >= 1024.0 && unit < 5) {
            scaled /= 1024.0;
            ++unit;
        }
        if (unit == 0) return std::to_string(bytes) + " B";
        return formatFixed(scaled, unit >= 3 ? 1 : 0) + " " + names[unit];
    }
    const char* names[] = {"B", "kB", "MB", "GB", "TB", "PB"};
    double scaled = value;
    int unit = 0;
    while (scaled >= 1000.0 && unit < 5) {
        scaled /= 1000.0;
        ++unit;
    }
    if (unit == 0) return std::to_string(bytes) + " B";
    return formatFixed(scaled, unit >= 3 ? 1 : 0) + " " + names[unit];
}

double bytesPerUnit(ByteUnits units) { return units == ByteUnits::Binary ? 1073741824.0 : 1e9; }

std::string unitName(ByteUnits units) { return units == ByteUnits::Binary ? "GiB" : "GB"; }

std::string formatBinaryFixed(std::uint64_t bytes, int power, int decimals) {
    return formatFixed(std::ldexp(static_cast<double>(bytes), -10 * power), decimals);
}

std::string formatCount(double count) {
    const double magnitude = std::fabs(count);
    if (magnitude >= 1e12) return threeSignificant(count / 1e12) + "T";
    if (magnitude >= 1e9) return threeSignificant(count / 1e9) + "B";
    if (magnitude >= 1e6) return threeSignificant(count / 1e6) + "M";
    if (magnitude >= 1e3) return threeSignificant(count / 1e3) + "k";
    return formatFixed(count, 0);
}

std::string formatGrouped(std::int64_t count) {
    // Digits of the magnitude, from an unsigned value so that the most negative count works.
    const std::uint64_t magnitude =
        count < 0 ? 0 - static_cast<std::uint64_t>(count) : static_cast<std::uint64_t>(count);
    const std::string digits = std::to_string(magnitude);
    std::string out = count < 0 ? "-" : "";
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

std::string formatScientific(double value) {
    if (!std::isfinite(value)) return formatFixed(value, 0);
    if (value == 0) return "0";
    const int exponent = static_cast<int>(std::floor(std::log10(std::fabs(value))));
    const double mantissa = value / std::pow(10.0, exponent);
    if (exponent >= -2 && exponent <= 3) return threeSignificant(value);
    return threeSignificant(mantissa) + "e" + std::to_string(exponent);
}

std::string formatPercent(double fraction, int decimals) {
    return formatFixed(fraction * 100.0, decimals) + " %";
}

std::string formatSeconds(double seconds) {
    const double magnitude = std::fabs(seconds);
    if (magnitude >= 1.0) return threeSignificant(seconds) + " s";
    if (magnitude >= 1e-3) return threeSignificant(seconds * 1e3) + " ms";
    if (magnitude == 0) return "0 s";
    return threeSignificant(seconds * 1e6) + " µs";
}

std::size_t displayColumns(std::string_view text) {
    std::size_t columns = 0;
    for (const char byte : text) {
        const auto c = static_cast<unsigned char>(byte);
        if ((c & 0xC0) == 0x80) continue;
        columns += (c >= 0xE3 && c <= 0xE9) || c == 0xEF ? 2 : 1;
    }
    return columns;
}

std::string padRight(std::string text, std::size_t columns) {
    const std::size_t width = displayColumns(text);
    if (width < columns) text.append(columns - width, ' ');
    return text;
}

std::string padLeft(std::string text, std::size_t columns) {
    const std::size_t width = displayColumns(text);
    if (width < columns) text.insert(0, columns - width, ' ');
    return text;
}

}  // namespace fourfold::core
