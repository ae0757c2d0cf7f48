# SPDX-License-Identifier: MIT
# cmake -DENGINE=memory -DALLOWED=memory,schedule,model,plan,text -DDIR=core/memory
#       [-DSTAMP=file] -P CheckEngineIncludes.cmake
# Fails when a file of the engine includes core/<other>/ for an engine outside ALLOWED (the
# engine and those below it, core/CMakeLists.txt), or core/<other>/detail/ of any other engine:
# an include that runs back up, or into another engine's internals, stops the build.
cmake_minimum_required(VERSION 3.25)
string(REPLACE "," ";" _allowed "${ALLOWED}")
file(GLOB _files ${DIR}/*.h ${DIR}/*.cpp ${DIR}/detail/*.h ${DIR}/detail/*.cpp)
set(_offenders "")
foreach(_file IN LISTS _files)
  file(STRINGS ${_file} _includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"core/")
  foreach(_line IN LISTS _includes)
    string(REGEX MATCH "\"core/([a-z_]+)/(detail/)?" _ "${_line}")
    set(_engine "${CMAKE_MATCH_1}")
    set(_detail "${CMAKE_MATCH_2}")
    if(_engine STREQUAL "")
      list(APPEND _offenders "${_file}: ${_line} (core/ has no files outside its engines)")
    elseif(NOT _engine IN_LIST _allowed)
      list(APPEND _offenders
           "${_file}: ${_line} (${ENGINE} may include only ${ALLOWED})")
    elseif(_detail AND NOT _engine STREQUAL ENGINE)
      list(APPEND _offenders "${_file}: ${_line} (another engine's internals)")
    endif()
  endforeach()
endforeach()
if(_offenders)
  list(JOIN _offenders "\n" _text)
  message(FATAL_ERROR "core/${ENGINE} includes past its dependencies:\n${_text}")
endif()
if(STAMP)
  file(TOUCH ${STAMP})
endif()
