// SPDX-License-Identifier: MIT
// Number text shared by the CLI and the GUI, so both say "14.0 GB" the same way.
// GB = 10^9 bytes (as papers write); GiB = 2^30 on request.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace fourfold::core {

enum class ByteUnits { Decimal, Binary };  // GB or GiB

// "14.0 GB", "512 MB", "1.50 TB"; "80.0 GiB" with Binary.
[[nodiscard]] std::string formatBytes(std::uint64_t bytes, ByteUnits units = ByteUnits::Decimal);
// Bytes in one display unit: 10^9 for GB, 2^30 for GiB (a chart axis divides by this).
[[nodiscard]] double bytesPerUnit(ByteUnits units);
// "GB" or "GiB".
[[nodiscard]] std::string unitName(ByteUnits units);
// bytes / 2^(10 × power) with fixed decimals and no unit, as a reference tool prints it:
// Megatron-LM's MB are 2^20 bytes (power 2), DeepSpeed's GB 2^30 bytes (power 3).
[[nodiscard]] std::string formatBinaryFixed(std::uint64_t bytes, int power, int decimals = 2);
// "6.74B", "175B", "1.3B", "125M", "1.00T": a parameter or token count.
[[nodiscard]] std::string formatCount(double count);
// "1,737,888": an exact count with its thousands grouped, as the tables print layouts and GPUs.
[[nodiscard]] std::string formatGrouped(std::int64_t count);
// "6.74e9": compact scientific notation with three significant digits.
[[nodiscard]] std::string formatScientific(double value);
// "27.3 %" with the given decimals.
[[nodiscard]] std::string formatPercent(double fraction, int decimals = 1);
// "1.90 s", "12.5 ms", "830 µs".
[[nodiscard]] std::string formatSeconds(double seconds);
// Fixed decimals without locale: formatFixed(3.14159, 2) == "3.14".
[[nodiscard]] std::string formatFixed(double value, int decimals);

// Width of text in terminal columns: one per code point, so "×" and "µ" do not shift a column,
// and two for a CJK character (UTF-8 lead bytes 0xE3–0xE9 and the full-width forms, 0xEF).
[[nodiscard]] std::size_t displayColumns(std::string_view text);
// Text padded with spaces to `columns` terminal columns, after it or before it.
[[nodiscard]] std::string padRight(std::string text, std::size_t columns);
[[nodiscard]] std::string padLeft(std::string text, std::size_t columns);

}  // namespace fourfold::core
