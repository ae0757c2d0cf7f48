# SPDX-License-Identifier: MIT
# The mime_database test: compiles the plan MIME package into a scratch database, as the
# shared-mime-info trigger does on install, and checks the glob and the content match landed.
#   cmake -DTOOL=update-mime-database -DPACKAGE=fourfold-plan.xml -DWORK_DIR=... -P ...
cmake_minimum_required(VERSION 3.25)

file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}/packages")
file(COPY "${PACKAGE}" DESTINATION "${WORK_DIR}/packages")
execute_process(COMMAND "${TOOL}" -V "${WORK_DIR}" RESULT_VARIABLE status
                OUTPUT_VARIABLE output ERROR_VARIABLE output)
# update-mime-database reports a malformed package on stderr but may still exit 0.
if(NOT status EQUAL 0 OR output MATCHES "[Ee]rror|[Ww]arning|[Uu]nknown")
  message(FATAL_ERROR "update-mime-database rejected ${PACKAGE}:\n${output}")
endif()
file(READ "${WORK_DIR}/globs2" globs)
string(FIND "${globs}" ":application/x-fourfold-plan+json:*.fourfold.json" at)
if(at EQUAL -1)
  message(FATAL_ERROR "globs2 does not map *.fourfold.json to the plan type:\n${globs}")
endif()
file(READ "${WORK_DIR}/subclasses" subclasses)
string(FIND "${subclasses}" "application/x-fourfold-plan+json application/json" at)
if(at EQUAL -1)
  message(FATAL_ERROR "subclasses does not make a plan a JSON file:\n${subclasses}")
endif()
file(STRINGS "${WORK_DIR}/magic" hits REGEX "fourfold\\.plan/")
if(NOT hits)
  message(FATAL_ERROR "the magic file lacks the content match on \"fourfold.plan/")
endif()
message(STATUS "plan MIME type compiled: glob, sub-class and magic present")
