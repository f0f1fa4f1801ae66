/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "output-files.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fmt/format.h>
#include <fstream>
#include <stdexcept>
#include <unistd.h>

namespace ns3
{

void
WriteFileAtomically(const std::string& path, const std::string& content)
{
    const std::string tmp = fmt::format("{}.tmp.{}", path, static_cast<long>(getpid()));
    {
        std::ofstream os(tmp, std::ios::binary | std::ios::trunc);
        if (!os)
        {
            throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
        }
        os << content;
        os.flush();
        if (!os)
        {
            os.close();
            std::remove(tmp.c_str());
            throw std::runtime_error("cannot write " + path + ": " + std::strerror(errno));
        }
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0)
    {
        const std::string why = std::strerror(errno);
        std::remove(tmp.c_str());
        throw std::runtime_error("cannot write " + path + ": " + why);
    }
}

} // namespace ns3
