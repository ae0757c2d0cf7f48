# SPDX-License-Identifier: MIT
# cmake -DOUTPUT=file.cpp -DINPUTS="a.json;b.json" -P EmbedPresets.cmake
# Writes fourfold::core::detail::embeddedPresets(): each preset file's name and bytes.
separate_arguments(_inputs UNIX_COMMAND "${INPUTS}")
set(_body "")
set(_table "")
set(_index 0)
foreach(_file IN LISTS _inputs)
  get_filename_component(_name ${_file} NAME)
  file(READ ${_file} _hex HEX)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "'\\\\x\\1'," _bytes "${_hex}")
  string(APPEND _body "const char kPreset${_index}[] = {${_bytes} '\\0'};\n")
  string(APPEND _table "        {\"${_name}\", std::string_view(kPreset${_index}, sizeof(kPreset${_index}) - 1)},\n")
  math(EXPR _index "${_index} + 1")
endforeach()
file(WRITE ${OUTPUT}.tmp
"// Generated from resources/presets/*.json by cmake/EmbedPresets.cmake. Do not edit.
#include \"core/plan/detail/embedded_presets.h\"

namespace fourfold::core::detail {
namespace {
${_body}}  // namespace

std::vector<EmbeddedFile> embeddedPresets() {
    return {
${_table}    };
}
}  // namespace fourfold::core::detail
")
file(COPY_FILE ${OUTPUT}.tmp ${OUTPUT} ONLY_IF_DIFFERENT)
