/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "output-files.h"

#include "ns3/input-file.h"
#include "ns3/log.h"

#include <cerrno>
#include <climits>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("OutputFiles");

namespace
{

[[noreturn]] void
Bad(const std::string& option, const std::string& problem)
{
    throw std::invalid_argument(option + ": " + problem);
}

/// Folder and last component of a path ("a/b.csv" -> "a", "b.csv").
std::pair<std::string, std::string>
SplitPath(const std::string& path)
{
    const auto slash = path.find_last_of('/');
    if (slash == std::string::npos)
    {
        return {".", path};
    }
    return {slash == 0 ? "/" : path.substr(0, slash), path.substr(slash + 1)};
}

std::string
Identity(const struct stat& st, const std::string& name = std::string())
{
    return std::to_string(st.st_dev) + ":" + std::to_string(st.st_ino) +
           (name.empty() ? std::string() : "/" + name);
}

// The program's temporary files (TemporaryFile), removed by the signal
// handler: a fixed table of C strings, an empty one a free entry, since the
// handler may only call async-signal-safe functions.
constexpr int kMaxTemporaries = 16;
char g_temporaries[kMaxTemporaries][PATH_MAX];
int g_liveTemporaries = 0; //!< registered entries; the handler is set while > 0

extern "C" void
RemoveTemporariesAndReraise(int signo)
{
    for (int i = 0; i < kMaxTemporaries; ++i)
    {
        if (g_temporaries[i][0] != '\0')
        {
            ::unlink(g_temporaries[i]);
        }
    }
    std::signal(signo, SIG_DFL);
    std::raise(signo);
}

void
SetSignalHandlers(bool remove)
{
    for (int signo : {SIGINT, SIGTERM, SIGHUP})
    {
        std::signal(signo, remove ? RemoveTemporariesAndReraise : SIG_DFL);
    }
}

/// Write all of `data` to `fd`.
bool
WriteAllBytes(int fd, const std::string& data)
{
    size_t done = 0;
    while (done < data.size())
    {
        const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
        if (n < 0)
        {
            if (errno == EINTR)
            {
                continue;
            }
            return false;
        }
        done += static_cast<size_t>(n);
    }
    return true;
}

} // namespace

TemporaryFile::TemporaryFile(const std::string& pattern)
{
    int slot = 0;
    while (slot < kMaxTemporaries && g_temporaries[slot][0] != '\0')
    {
        ++slot;
    }
    if (slot == kMaxTemporaries || pattern.size() >= PATH_MAX)
    {
        m_error = ENAMETOOLONG;
        return;
    }
    if (g_liveTemporaries++ == 0)
    {
        SetSignalHandlers(true);
    }
    m_slot = slot;
    // mkstemp fills in the entry itself, so that no signal finds a file
    // created but not yet registered.
    std::strcpy(g_temporaries[slot], pattern.c_str());
    m_fd = ::mkstemp(g_temporaries[slot]);
    if (m_fd < 0)
    {
        m_error = errno;
        Keep();
        return;
    }
    m_path = g_temporaries[slot];
}

TemporaryFile::~TemporaryFile()
{
    if (m_slot >= 0)
    {
        ::unlink(g_temporaries[m_slot]);
        Keep();
    }
}

void
TemporaryFile::Keep()
{
    if (m_slot < 0)
    {
        return;
    }
    g_temporaries[m_slot][0] = '\0';
    m_slot = -1;
    if (--g_liveTemporaries == 0)
    {
        SetSignalHandlers(false);
    }
}

void
OutputFiles::AddInput(const std::string& option, const std::string& path)
{
    struct stat st;
    if (!path.empty() && ::stat(path.c_str(), &st) == 0)
    {
        m_inputs.push_back({option, path, Identity(st)});
    }
}

void
OutputFiles::AddOutput(const std::string& option, const std::string& path)
{
    const std::string quoted = QuoteForMessage(path);
    if (path.empty())
    {
        Bad(option, "empty file name");
    }
    if (path.size() >= PATH_MAX)
    {
        Bad(option, "path of " + std::to_string(path.size()) + " bytes, longer than PATH_MAX");
    }
    const auto [folder, name] = SplitPath(path);
    if (name.empty() || name == "." || name == "..")
    {
        Bad(option, quoted + " names a folder, not a file");
    }
    struct stat dir;
    if (::stat(folder.c_str(), &dir) != 0 || !S_ISDIR(dir.st_mode))
    {
        Bad(option, "no folder " + QuoteForMessage(folder) + " to write " + quoted + " in");
    }
    const long nameMax = ::pathconf(folder.c_str(), _PC_NAME_MAX);
    if (nameMax > 0 && name.size() > static_cast<size_t>(nameMax))
    {
        Bad(option,
            "file name of " + std::to_string(name.size()) + " bytes, longer than the " +
                std::to_string(nameMax) + " its folder allows");
    }
    if (::access(folder.c_str(), W_OK | X_OK) != 0)
    {
        Bad(option,
            "cannot write in folder " + QuoteForMessage(folder) + " (" + std::strerror(errno) +
                ")");
    }
    struct stat st;
    std::string id;
    if (::lstat(path.c_str(), &st) == 0)
    {
        if (S_ISLNK(st.st_mode))
        {
            Bad(option, quoted + " is a symbolic link; name the file itself or a new path");
        }
        if (S_ISDIR(st.st_mode))
        {
            Bad(option, quoted + " is a folder; name a file in it");
        }
        if (!S_ISREG(st.st_mode))
        {
            Bad(option, quoted + " is not a regular file (a device, FIFO or socket)");
        }
        id = Identity(st);
    }
    else if (errno == ENOENT)
    {
        id = Identity(dir, name);
    }
    else
    {
        Bad(option, "cannot check " + quoted + " (" + std::strerror(errno) + ")");
    }
    for (const File& other : m_outputs)
    {
        if (other.id == id)
        {
            Bad(option,
                quoted + " is the same file as " + other.option + " " +
                    QuoteForMessage(other.path));
        }
    }
    for (const File& input : m_inputs)
    {
        if (input.id == id)
        {
            Bad(option, quoted + " is the input file of " + input.option + "; choose another name");
        }
    }
    m_outputs.push_back({option, path, id});
}

void
OutputFiles::WriteAll(const std::vector<std::string>& contents) const
{
    if (contents.size() != m_outputs.size())
    {
        throw std::logic_error("OutputFiles::WriteAll: one content per output expected");
    }
    const mode_t mask = ::umask(0);
    ::umask(mask);
    std::vector<std::unique_ptr<TemporaryFile>> temporaries;
    for (size_t i = 0; i < m_outputs.size(); ++i)
    {
        const File& out = m_outputs[i];
        const auto fail = [&out](const std::string& why) {
            throw std::runtime_error(out.option + ": cannot write " + QuoteForMessage(out.path) +
                                     ": " + why);
        };
        temporaries.push_back(
            std::make_unique<TemporaryFile>(SplitPath(out.path).first + "/.bloom-gossip.XXXXXX"));
        const int fd = temporaries.back()->Fd();
        if (fd < 0)
        {
            fail(std::strerror(temporaries.back()->Error()));
        }
        struct stat st;
        const mode_t mode =
            ::stat(out.path.c_str(), &st) == 0 ? (st.st_mode & 07777) : (0666 & ~mask);
        const bool ok = ::fchmod(fd, mode) == 0 && WriteAllBytes(fd, contents[i]);
        const int err = errno;
        if (::close(fd) != 0 || !ok)
        {
            fail(std::strerror(ok ? errno : err));
        }
        NS_LOG_LOGIC("wrote " << contents[i].size() << " bytes for " << out.path);
    }
    for (size_t i = m_outputs.size(); i-- > 0;)
    {
        if (std::rename(temporaries[i]->Path().c_str(), m_outputs[i].path.c_str()) != 0)
        {
            throw std::runtime_error(m_outputs[i].option + ": cannot write " +
                                     QuoteForMessage(m_outputs[i].path) + ": " +
                                     std::strerror(errno));
        }
        temporaries[i]->Keep();
    }
}

std::string
OutputFiles::OutputList() const
{
    std::string list;
    for (const File& out : m_outputs)
    {
        list += (list.empty() ? "" : ", ") + out.path;
    }
    return list;
}

} // namespace ns3
