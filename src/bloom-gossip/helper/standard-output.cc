/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "standard-output.h"

// Plain C++ without ns-3 (see standard-output.h): no NS_LOG here.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <stdexcept>
#include <string>

namespace ns3
{

namespace
{

const char* g_stdoutProgram = nullptr; //!< the program CheckStandardOutputAtExit reports for
bool g_stdoutReported = false;         //!< FlushStandardOutput has thrown

/// Flush standard output: "" when every write to it succeeded, else why not.
std::string
StandardOutputProblem()
{
    // stdio first: std::cout (synchronised with stdio) writes through it,
    // and its flush would consume the failure's errno.
    errno = 0;
    const bool flushFailed = std::fflush(stdout) != 0;
    const int err = errno;
    std::cout.flush();
    if (flushFailed || std::ferror(stdout) != 0 || !std::cout.good())
    {
        // An earlier write failed: its errno is gone.
        return flushFailed && err != 0 ? std::strerror(err) : "a write failed";
    }
    return {};
}

extern "C" void
CloseStandardOutput()
{
    std::string problem = StandardOutputProblem();
    if (problem.empty() && std::fclose(stdout) != 0)
    {
        problem = std::strerror(errno);
    }
    if (!problem.empty())
    {
        if (!g_stdoutReported)
        {
            std::fprintf(stderr,
                         "%s: cannot write to standard output: %s\n",
                         g_stdoutProgram,
                         problem.c_str());
        }
        std::_Exit(1);
    }
}

} // namespace

void
CheckStandardOutputAtExit(const char* program)
{
    if (g_stdoutProgram == nullptr)
    {
        g_stdoutProgram = program;
        std::atexit(CloseStandardOutput);
    }
}

void
FlushStandardOutput()
{
    const std::string problem = StandardOutputProblem();
    if (!problem.empty())
    {
        g_stdoutReported = true;
        throw std::runtime_error("cannot write to standard output: " + problem);
    }
}

} // namespace ns3
