# SPDX-License-Identifier: MIT
# The interface's translations without Qt's LinguistTools CMake package: that package comes
# only with qt6-tools-dev, which pulls in Designer, QML and libclang, while lrelease and lupdate
# alone ship in qt6-l10n-tools.

# lrelease and lupdate: Qt's own bin directory first, then the PATH.
find_program(FOURFOLD_LRELEASE NAMES lrelease lrelease-qt6 REQUIRED
             HINTS "${QT6_INSTALL_PREFIX}/${QT6_INSTALL_BINS}" /usr/lib/qt6/bin)
find_program(FOURFOLD_LUPDATE NAMES lupdate lupdate-qt6 REQUIRED
             HINTS "${QT6_INSTALL_PREFIX}/${QT6_INSTALL_BINS}" /usr/lib/qt6/bin)
# The name the Linguist package gives lupdate, for code that asks for $<TARGET_FILE:Qt6::lupdate>.
if(NOT TARGET Qt6::lupdate)
  add_executable(Qt6::lupdate IMPORTED GLOBAL)
  set_target_properties(Qt6::lupdate PROPERTIES IMPORTED_LOCATION "${FOURFOLD_LUPDATE}")
endif()

# fourfold_add_translations(target TS_FILES ... RESOURCE_PREFIX prefix SOURCES ...
#                           [INCLUDE_DIRECTORIES ...] [LUPDATE_OPTIONS ...])
# Compiles each NAME.ts into NAME.qm in the current binary directory at build time and embeds it
# in target as PREFIX/NAME.qm. The target update_translations runs lupdate over SOURCES into the
# .ts files (translations/README.md).
function(fourfold_add_translations target)
  cmake_parse_arguments(ARG "" "RESOURCE_PREFIX" "TS_FILES;SOURCES;INCLUDE_DIRECTORIES;LUPDATE_OPTIONS"
                        ${ARGN})
  set(_qm_files "")
  foreach(_ts IN LISTS ARG_TS_FILES)
    get_filename_component(_name "${_ts}" NAME_WE)
    set(_qm "${CMAKE_CURRENT_BINARY_DIR}/${_name}.qm")
    add_custom_command(OUTPUT "${_qm}"
                       COMMAND "${FOURFOLD_LRELEASE}" -silent "${_ts}" -qm "${_qm}"
                       DEPENDS "${_ts}" VERBATIM
                       COMMENT "Compiling ${_name}.ts")
    list(APPEND _qm_files "${_qm}")
  endforeach()
  qt_add_resources(${target} "${target}_translations" PREFIX "${ARG_RESOURCE_PREFIX}"
                   BASE "${CMAKE_CURRENT_BINARY_DIR}" FILES ${_qm_files})

  set(_include_args "")
  foreach(_dir IN LISTS ARG_INCLUDE_DIRECTORIES)
    list(APPEND _include_args "-I${_dir}")
  endforeach()
  add_custom_target(update_translations
                    COMMAND "${FOURFOLD_LUPDATE}" ${ARG_LUPDATE_OPTIONS} ${_include_args}
                            ${ARG_SOURCES} -ts ${ARG_TS_FILES}
                    VERBATIM COMMENT "Updating ${ARG_TS_FILES}")
endfunction()
