import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { authStatusAtom, readLastVisited, routePaths, sessionSetupAtom, useAtomValue } from '@hub/shared';

/**
 * The session flow brings the user here while it syncs and loads the user info, then sends them
 * back itself. Arriving with nothing under way (a reload, a bookmark, the Back button) sends a
 * signed-in user straight on to the last visited page, or / (SPEC §4 "Login").
 */
export function useCallbackReturn(): void {
  const settingUp = useAtomValue(sessionSetupAtom);
  const status = useAtomValue(authStatusAtom);
  const navigate = useNavigate();
  // Once a setup was seen here, its own ending navigates; going there twice would be one too many.
  const sawSetup = useRef(false);
  useEffect(() => {
    if (settingUp) {
      sawSetup.current = true;
      return;
    }
    if (!sawSetup.current && status === 'loggedIn')
      void navigate(readLastVisited() ?? routePaths.home(), { replace: true });
  }, [settingUp, status, navigate]);
}
