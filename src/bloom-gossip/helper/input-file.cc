/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "input-file.h"

#include "ns3/log.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("InputFile");

std::string
ReadInputFile(const std::string& path, uint64_t maxBytes)
{
    const auto fail = [&path](const std::string& why) {
        throw std::invalid_argument("cannot read " + QuoteForMessage(path) + " (" + why + ")");
    };
    if (path.empty())
    {
        fail("empty file name");
    }
    // O_NONBLOCK: opening a FIFO without a writer returns at once.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
    {
        fail(std::strerror(errno));
    }

    struct FdCloser
    {
        int fd;

        ~FdCloser()
        {
            ::close(fd);
        }
    } closer{fd};
    struct stat st;
    if (::fstat(fd, &st) != 0)
    {
        fail(std::strerror(errno));
    }
    if (S_ISDIR(st.st_mode))
    {
        fail("a folder, not a file");
    }
    if (!S_ISREG(st.st_mode))
    {
        fail("not a regular file: a device, FIFO or socket");
    }
    if (static_cast<uint64_t>(st.st_size) > maxBytes)
    {
        fail(std::to_string(st.st_size) + " bytes, more than the " + std::to_string(maxBytes) +
             " allowed");
    }
    NS_LOG_FUNCTION(path << st.st_size);
    std::string content;
    content.reserve(static_cast<std::size_t>(st.st_size));
    char buffer[65536];
    while (true)
    {
        const ssize_t got = ::read(fd, buffer, sizeof(buffer));
        if (got < 0)
        {
            if (errno == EINTR)
            {
                continue;
            }
            fail(std::strerror(errno));
        }
        if (got == 0)
        {
            break;
        }
        content.append(buffer, static_cast<std::size_t>(got));
        if (content.size() > maxBytes)
        {
            fail("grew beyond the " + std::to_string(maxBytes) + " bytes allowed while read");
        }
    }
    return content;
}

} // namespace ns3
