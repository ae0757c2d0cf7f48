# SPDX-License-Identifier: MIT
# cmake -DSOURCE_DIR=... -P CheckViewsDrawOnly.cmake: keeps ui/ on its side of the core's API.
#  1. No ui/ file includes core/<engine>/detail/ (the engines' internals).
#  2. A view (ui/views/) or chart helper (ui/charts/) includes only core/evaluate/evaluation.h, core/text/format.h and the value-type
#     headers the Evaluation is made of, and calls no engine function: it reads an Evaluation
#     and draws it. PlanDocument (ui/document/) is the one caller of core::evaluate.
#  3. ui/ folders by role: views and charts include no shell or controls file; charts, the
#     shared widgets and the settings include no view, control, shell, search or walkthrough
#     file; the walkthrough knows the window only through WalkthroughHost (no shell file).
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

file(GLOB _view_files ${SOURCE_DIR}/ui/views/*.h ${SOURCE_DIR}/ui/views/*.cpp
     ${SOURCE_DIR}/ui/charts/*.h ${SOURCE_DIR}/ui/charts/*.cpp)
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

# Folder -> the ui/ folders it must not include.
set(_forbidden_views shell controls)
set(_forbidden_charts shell controls views search walkthrough)
set(_forbidden_widgets shell controls views search walkthrough)
set(_forbidden_settings shell controls views search walkthrough)
set(_forbidden_walkthrough shell)
foreach(_folder views charts widgets settings walkthrough)
  file(GLOB _files ${SOURCE_DIR}/ui/${_folder}/*.h ${SOURCE_DIR}/ui/${_folder}/*.cpp)
  foreach(_file IN LISTS _files)
    file(STRINGS ${_file} _includes REGEX "#[ \t]*include[ \t]*[<\"]ui/")
    foreach(_line IN LISTS _includes)
      string(REGEX REPLACE ".*[<\"]ui/([a-z_]+)/.*" "\\1" _target "${_line}")
      if(_target IN_LIST _forbidden_${_folder})
        list(APPEND _offenders "${_file}: ui/${_folder} includes ui/${_target}: ${_line}")
      endif()
    endforeach()
  endforeach()
endforeach()

if(_offenders)
  list(JOIN _offenders "\n" _text)
  message(FATAL_ERROR "ui/ reaches past the Evaluation:\n${_text}")
endif()
list(LENGTH _ui_files _count)
message(STATUS "ui/ includes no core internals and views only read the Evaluation "
               "(${_count} files checked)")
