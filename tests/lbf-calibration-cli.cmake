# End-to-end checks of the lbf-calibration program, run by CTest:
#   cmake -DPROGRAM=<lbf-calibration> -DWORKDIR=<scratch folder> -P lbf-calibration-cli.cmake
# 1. Bad options: exit code 2, exactly one line on stderr naming the option,
#    and no file left in the output folder (not even a temporary one).
# 2. A small valid run: the same CSV, byte for byte, with 1 and 3 threads.
# 3. A long run announces its time and prints its progress (issue 31).
cmake_minimum_required(VERSION 3.16)
if(NOT PROGRAM OR NOT WORKDIR)
  message(FATAL_ERROR "usage: cmake -DPROGRAM=... -DWORKDIR=... -P lbf-calibration-cli.cmake")
endif()
file(REMOVE_RECURSE "${WORKDIR}")
file(MAKE_DIRECTORY "${WORKDIR}")
set(out "${WORKDIR}/out.csv")

# Each case: the option the message must name, then the arguments ("|"-separated).
set(cases
    "--bits|--bits|0"
    "--bits|--bits|17"
    "--bits|--bits|3:1"
    "--bits|--bits|a:b"
    "--bits|--bits|1:16:0"
    "--hashes|--hashes|0"
    "--hashes|--hashes|33"
    "--elements|--elements|0"
    "--dim|--dim|8"
    "--dim|--dim|4096x"
    "--iterations|--iterations|0"
    "--quantization|--quantization|trunc"
    "--seed|--seed|0"
    "--threads|--threads|0"
    "--ids|--ids|random"
    "--grid|--grid|diagonal"
    "--experiment|--experiment|simulate"
    "--repetitions|--repetitions|10"
    "--targets|--experiment|capacity|--targets|0:50"
    "--max-elements|--experiment|capacity|--max-elements|0"
    "--foo|--foo"
    "--bits|--bits"
    "--out|--bits|4|--out"
    "unexpected argument|extra"
)
foreach(case ${cases})
  string(REPLACE "|" ";" args "${case}")
  list(POP_FRONT args option)
  # Every case is invalid, so the program stops before computing anything.
  execute_process(
    COMMAND "${PROGRAM}" ${args} --out "${out}"
    RESULT_VARIABLE rc
    OUTPUT_VARIABLE stdout
    ERROR_VARIABLE stderr
  )
  if(NOT rc EQUAL 2)
    message(FATAL_ERROR "[${args}]: exit code ${rc}, expected 2 (stderr: ${stderr})")
  endif()
  string(REGEX MATCHALL "\n" newlines "${stderr}")
  list(LENGTH newlines lines)
  if(NOT lines EQUAL 1 OR NOT stderr MATCHES "\n$")
    message(FATAL_ERROR "[${args}]: expected exactly one line on stderr, got: ${stderr}")
  endif()
  string(FIND "${stderr}" "${option}" where)
  if(where LESS 0)
    message(FATAL_ERROR "[${args}]: the message does not name ${option}: ${stderr}")
  endif()
  file(GLOB left "${WORKDIR}/*" "${WORKDIR}/.*")
  if(left)
    message(FATAL_ERROR "[${args}]: files left behind: ${left}")
  endif()
  message(STATUS "rejected [${args}]: ${stderr}")
endforeach()

# Unwritable or unusable --out.
foreach(bad "${WORKDIR}/missing-folder/x.csv" "${WORKDIR}" "")
  execute_process(
    COMMAND "${PROGRAM}" --iterations 1000 --out "${bad}"
    RESULT_VARIABLE rc
    ERROR_VARIABLE stderr
  )
  if(NOT rc EQUAL 2 OR NOT stderr MATCHES "^lbf-calibration: --out: [^\n]*\n$")
    message(FATAL_ERROR "--out '${bad}': exit code ${rc}, stderr: ${stderr}")
  endif()
endforeach()

# Same seed, same CSV, byte for byte, whatever the number of threads.
foreach(threads 1 3)
  execute_process(
    COMMAND "${PROGRAM}" --grid product --bits 3,8 --hashes 2,7 --elements 5,40
            --iterations 2500 --seed 5 --threads ${threads} --out "${WORKDIR}/cal-${threads}.csv"
    RESULT_VARIABLE rc
    ERROR_VARIABLE stderr
  )
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "valid calibration run failed (${rc}): ${stderr}")
  endif()
  execute_process(
    COMMAND "${PROGRAM}" --experiment capacity --bits 2,9 --repetitions 40 --seed 5
            --threads ${threads} --out "${WORKDIR}/cap-${threads}.csv"
    RESULT_VARIABLE rc
    ERROR_VARIABLE stderr
  )
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "valid capacity run failed (${rc}): ${stderr}")
  endif()
endforeach()
foreach(kind cal cap)
  file(SHA256 "${WORKDIR}/${kind}-1.csv" one)
  file(SHA256 "${WORKDIR}/${kind}-3.csv" three)
  if(NOT one STREQUAL three)
    message(FATAL_ERROR "${kind}: 1 and 3 threads give different CSVs")
  endif()
endforeach()
file(STRINGS "${WORKDIR}/cal-1.csv" rows)
list(LENGTH rows nrows)
list(GET rows 0 header)
# 2 b x 2 k x 2 n x 3 rules + header
if(NOT nrows EQUAL 25 OR NOT header MATCHES "^quantization,ids,seed,dim,cells,bits,hashes,elements,iterations,")
  message(FATAL_ERROR "unexpected calibration CSV: ${nrows} lines, header ${header}")
endif()
# Issue 31: a long run says so up front (its estimated time) and prints its
# progress, the first line 10 s in; stopped, it writes nothing.
execute_process(
  COMMAND "${PROGRAM}" --elements 1:1000 --threads 1 --out "${WORKDIR}/long.csv"
  TIMEOUT 14
  RESULT_VARIABLE rc
  ERROR_VARIABLE stderr
)
if(NOT stderr MATCHES "^lbf-calibration: note: about [^\n]* updates to compute, roughly [^\n]*\n")
  message(FATAL_ERROR "long run: no estimate up front (${rc}): ${stderr}")
endif()
if(NOT stderr MATCHES "\nlbf-calibration: [0-9.e+-]+% done after [0-9]+ s, about [^\n]* left\n")
  message(FATAL_ERROR "long run: no progress line within 14 s (${rc}): ${stderr}")
endif()
if(EXISTS "${WORKDIR}/long.csv")
  message(FATAL_ERROR "long run: stopped, it wrote long.csv")
endif()
file(GLOB temporaries "${WORKDIR}/.*.tmp.*")
if(temporaries)
  message(FATAL_ERROR "temporary files left: ${temporaries}")
endif()
message(STATUS "lbf-calibration CLI checks passed")
