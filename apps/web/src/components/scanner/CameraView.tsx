import { Button, Flex, Typography, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCANNER_NS } from './scanner.locales.ts';
import { createDetector, ZXING_WASM_URL } from './zxing.ts';

// The camera half of the scanner sheet (a lazy chunk with the decoder): the back camera's picture, read a few times a
// second until a code is found. Without a camera (or over plain http, where browsers offer none) it says so, and the
// sheet's manual entry and a keyboard-wedge scanner still work.

type CameraState = 'starting' | 'scanning' | 'unavailable' | 'denied' | 'failed';

const SCAN_EVERY_MS = 200;

export default function CameraView({ onDetect }: { onDetect: (code: string) => void }) {
  const { t } = useTranslation(SCANNER_NS);
  const { token } = theme.useToken();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const [attempt, setAttempt] = useState(0);
  const onDetectRef = useRef(onDetect);
  onDetectRef.current = onDetect;

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt restarts the camera on "try again"
  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('unavailable');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch (err) {
        if (stopped) return;
        const name = (err as Error).name;
        setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable');
        return;
      }
      if (stopped) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      const video = videoRef.current;
      if (!video) return;
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      setState('scanning');
      const detector = createDetector();
      const tick = async () => {
        if (stopped) return;
        try {
          if (video.readyState >= 2) {
            const found = await detector.detect(video);
            const code = found.find((b) => b.rawValue.trim())?.rawValue.trim();
            if (code && !stopped) {
              onDetectRef.current(code);
              return;
            }
          }
        } catch {
          if (!stopped) setState('failed');
          return;
        }
        timer = setTimeout(() => void tick(), SCAN_EVERY_MS);
      };
      void tick();
    })();
    return stop;
  }, [attempt]);

  const message =
    state === 'denied' ? t('camera.denied') : state === 'unavailable' ? t('camera.unavailable') : t('camera.failed');
  return (
    <div data-testid="scanner-camera" data-state={state} data-wasm={ZXING_WASM_URL}>
      <div
        style={{
          position: 'relative',
          width: '100%',
          aspectRatio: '4 / 3',
          maxHeight: '40vh',
          background: '#000',
          borderRadius: token.borderRadiusLG,
          overflow: 'hidden',
          display: state === 'starting' || state === 'scanning' ? 'block' : 'none',
        }}
      >
        <video
          ref={videoRef}
          muted
          playsInline
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
          aria-label={t('camera.label')}
        />
        {/* The aiming frame. */}
        <div
          style={{
            position: 'absolute',
            inset: '25% 12%',
            border: '2px solid rgba(255,255,255,0.85)',
            borderRadius: 8,
            boxShadow: '0 0 0 100vmax rgba(0,0,0,0.25)',
          }}
        />
      </div>
      {state !== 'starting' && state !== 'scanning' && (
        <Flex
          vertical
          align="center"
          gap={8}
          style={{
            padding: 16,
            borderRadius: token.borderRadiusLG,
            background: token.colorFillTertiary,
            textAlign: 'center',
          }}
        >
          <Typography.Text type="secondary" data-testid="scanner-camera-message">
            {message}
          </Typography.Text>
          <Button onClick={() => setAttempt((a) => a + 1)} style={{ minHeight: 44 }}>
            {t('camera.retry')}
          </Button>
        </Flex>
      )}
    </div>
  );
}
