/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "netanim-recorder.h"

#include "output-files.h"

#ifndef BLOOM_GOSSIP_NETANIM
#error "BLOOM_GOSSIP_NETANIM is not defined: build through the module's CMakeLists.txt or wscript"
#endif
#if BLOOM_GOSSIP_NETANIM
#include "ns3/animation-interface.h"
#ifdef __linux__
#include <sys/mman.h> // memfd_create: the NetAnim trace recorded in memory
#endif
#endif
#include "ns3/user-text.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

namespace ns3
{

bool
NetAnimBuilt()
{
    return BLOOM_GOSSIP_NETANIM != 0;
}

struct NetAnimRecorder::Impl
{
    std::unique_ptr<TemporaryFile> animFile; //!< the trace's temporary file (no memory file)
#if BLOOM_GOSSIP_NETANIM
    std::unique_ptr<AnimationInterface> anim; //!< the NetAnim trace
    /// The trace's memory file (Linux), -1 when none; closed by Finish or
    /// ~NetAnimRecorder.
    int animMemory{-1};
#endif
};

NetAnimRecorder::NetAnimRecorder()
    : m_impl(std::make_unique<Impl>())
{
}

NetAnimRecorder::~NetAnimRecorder()
{
#if BLOOM_GOSSIP_NETANIM
    m_impl->anim.reset(); // closes the file before animFile removes it
    if (m_impl->animMemory >= 0)
    {
        ::close(m_impl->animMemory);
    }
#endif
}

void
NetAnimRecorder::Start(Time poll)
{
    Impl& impl = *m_impl;
#if BLOOM_GOSSIP_NETANIM
    // AnimationInterface writes to a file it opens itself and checks none of
    // its writes.  On Linux that file is a memory file (memfd_create, opened
    // through /proc/self/fd): nothing on disk during the run, so a full
    // temporary folder cannot truncate it and no signal, SIGKILL included,
    // leaves it behind.  Elsewhere it is a TemporaryFile in TMPDIR (removed at
    // the end or by a signal).  Finish reads it back and checks it is
    // complete; the program writes it where it chooses (diameter-sweep: to
    // --netanim through OutputFiles, like its other outputs).
    std::string path;
#ifdef __linux__
    impl.animMemory = ::memfd_create("bloom-gossip-netanim", MFD_CLOEXEC);
    if (impl.animMemory >= 0)
    {
        path = "/proc/self/fd/" + std::to_string(impl.animMemory);
        if (::access(path.c_str(), W_OK) != 0) // no /proc: the fallback
        {
            ::close(impl.animMemory);
            impl.animMemory = -1;
            path.clear();
        }
    }
#endif
    if (path.empty())
    {
        const char* tmp = std::getenv("TMPDIR");
        const std::string pattern =
            std::string(tmp && *tmp ? tmp : "/tmp") + "/bloom-gossip-netanim-XXXXXX";
        impl.animFile = std::make_unique<TemporaryFile>(pattern);
        if (impl.animFile->Fd() < 0)
        {
            throw std::runtime_error("--netanim: cannot create a temporary file " +
                                     bloom::QuoteForMessage(pattern) + ": " +
                                     std::strerror(impl.animFile->Error()));
        }
        ::close(impl.animFile->Fd());
        path = impl.animFile->Path();
    }
    impl.anim = std::make_unique<AnimationInterface>(path);
    // Cheap: positions and moves only (no packet, no metadata, no counter),
    // polled at the truth's sampling interval.
    impl.anim->SkipPacketTracing();
    impl.anim->EnablePacketMetadata(false);
    impl.anim->SetMobilityPollInterval(poll);
#else
    (void)impl;
    (void)poll;
    throw std::logic_error("NetAnimRecorder::Start: this build has no netanim module");
#endif
}

std::string
NetAnimRecorder::Finish()
{
    std::string text;
#if BLOOM_GOSSIP_NETANIM
    Impl& impl = *m_impl;
    if (!impl.anim)
    {
        return {};
    }
    impl.anim.reset(); // writes the closing element and closes its file
    const auto fail = [](const std::string& why) {
        throw std::runtime_error("--netanim: cannot record the trace: " + why);
    };
    if (impl.animMemory >= 0)
    {
        char buffer[65536];
        off_t offset = 0;
        while (true)
        {
            const ssize_t got = ::pread(impl.animMemory, buffer, sizeof(buffer), offset);
            if (got < 0 && errno == EINTR)
            {
                continue;
            }
            if (got < 0)
            {
                fail(std::string("reading it back: ") + std::strerror(errno));
            }
            if (got == 0)
            {
                break;
            }
            text.append(buffer, static_cast<size_t>(got));
            offset += got;
        }
        ::close(impl.animMemory);
        impl.animMemory = -1;
    }
    else
    {
        std::ifstream in(impl.animFile->Path(), std::ios::binary);
        std::ostringstream read;
        read << in.rdbuf();
        if (!in.good() && !in.eof())
        {
            fail("cannot read back the temporary trace " +
                 bloom::QuoteForMessage(impl.animFile->Path()));
        }
        impl.animFile.reset();
        text = read.str();
    }
    // AnimationInterface reports no failed write: a trace cut short (a full
    // temporary folder, a file-size limit, no memory) lacks its closing
    // element, written last.
    const std::string close = "</anim>\n";
    if (text.size() < close.size() ||
        text.compare(text.size() - close.size(), close.size(), close) != 0)
    {
        fail("it was cut short after " + std::to_string(text.size()) +
             " bytes (a write failed: a full temporary folder or a file-size limit?)");
    }
#endif
    return text;
}

} // namespace ns3
