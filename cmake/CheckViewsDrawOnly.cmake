# SPDX-License-Identifier: MIT
# cmake -DSOURCE_DIR=... -P CheckViewsDrawOnly.cmake: keeps ui/ on its side of the core's API.
#  1. No ui/ file includes core/<engine>/detail/ (the engines' internals).
#  2. A view (ui/views/) includes only core/evaluate/evaluation.h, core/text/format.h and the value-type
#     headers the Evaluation is made of, and calls no engine function: it reads an Evaluation
#     and draws it. PlanDocument (ui/document/) is the one caller of core::evaluate.
# A new value-type header a view needs is added to _view_headers below.
cmake_minimum_required(VERSION 3.25)
set(_view_headers
  core/memory/activation_timeline.h core/text/diagnostic.h core/evaluate/evaluation.h core/text/explained.h core/text/format.h
  core/text/explained_names.h core/text/language.h
  core/performance/measured.h core/memory/memory.h core/model/model.h core/topology/parallel_axis.h core/plan/plan.h
  core/plan/plan_enums.h core/schedule/schedule.h core/topology/topology.h)
# Functions that compute rather than read: engines, their JSON, presets and plan rules.
set(_engine_calls
  evaluate evaluationToJson evaluationToJsonValue planWithResultsJson planWithResultsJsonValue
  estimateMemory analyzeModel simulateSchedule inFlightActivationSets scheduleCosts
  activationTimelines buildTopology validate parsePlan planToJson compareMeasured
  parallelChoices choiceProblem isValidChoice defaultPlan toJson)
list(JOIN _engine_calls "|" _engine_pattern)

set(_offenders "")
file(GLOB_RECURSE _ui_files ${SOURCE_DIR}/ui/*.h ${SOURCE_DIR}/ui/*.cpp)
foreach(_file IN LISTS _ui_files)
  file(STRINGS ${_file} _lines REGEX "#[ \t]*include[ \t]*[<\"]core/[a-z_]+/detail/")
  if(_lines)
    list(APPEND _offenders "${_file}: includes core internals: ${_lines}")
  endif()
endforeach()

file(GLOB _view_files ${SOURCE_DIR}/ui/views/*.h ${SOURCE_DIR}/ui/views/*.cpp)
foreach(_file IN LISTS _view_files)
  file(STRINGS ${_file} _includes REGEX "#[ \t]*include[ \t]*[<\"]core/")
  foreach(_line IN LISTS _includes)
    string(REGEX REPLACE ".*[<\"](core/[^>\"]*)[>\"].*" "\\1" _header "${_line}")
    if(NOT _header IN_LIST _view_headers)
      list(APPEND _offenders "${_file}: a view includes ${_header}")
    endif()
  endforeach()
  file(STRINGS ${_file} _calls REGEX "(^|[^A-Za-z0-9_.>])(core::)?(${_engine_pattern})[ \t]*\\(")
  foreach(_line IN LISTS _calls)
    # Comments may name the engines.
    if(NOT _line MATCHES "^[ \t]*//")
      list(APPEND _offenders "${_file}: a view calls the engine: ${_line}")
    endif()
  endforeach()
endforeach()

if(_offenders)
  list(JOIN _offenders "\n" _text)
  message(FATAL_ERROR "ui/ reaches past the Evaluation:\n${_text}")
endif()
list(LENGTH _ui_files _count)
message(STATUS "ui/ includes no core internals and views only read the Evaluation "
               "(${_count} files checked)")
