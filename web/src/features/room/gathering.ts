/**
 * Waits until ICE gathering completes or `ms` pass, whichever is first. On loopback and LAN gathering
 * takes milliseconds, so the candidates travel inside the SDP instead of as dozens of onIceCandidate
 * messages, which would queue on the host's socket ahead of the next guest's answer. Candidates found
 * later (slow STUN/TURN) still trickle.
 */
export function iceGathered(pc: RTCPeerConnection, ms = 400): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', check);
      resolve();
    };
    const check = () => { if (pc.iceGatheringState === 'complete') done(); };
    const timer = setTimeout(done, ms);
    pc.addEventListener('icegatheringstatechange', check);
  });
}
