import { anAttendee, attendees } from '../../testing/manage-data';
import { attendeeCsvHeader, attendeesCsv, attendeesCsvFileName, csvTime } from './attendee-csv';

describe('attendee CSV', () => {
  it('has the BOM, the header and one row per attendee with name, e-mail, location, status and both times', () => {
    const lines = attendeesCsv(attendees).split('\r\n');
    expect(lines[0]).toBe('\uFEFFName,E-mail,Location,Status,Registered (UTC),Checked in (UTC)');
    expect(attendeeCsvHeader).toHaveLength(6);
    expect(lines.slice(1)).toEqual([
      'Ada Lovelace,ada@hub.test,Utrecht,Attending,2030-01-10 09:30:00,',
      'Zoë Ångström,zoe@hub.test,Amsterdam,Attending,2030-01-11 09:30:00,2030-03-01 16:55:00',
      'Bob Online,bob@hub.test,Online,Attending,2030-01-12 09:30:00,',
      'Wendy Waiting,wendy@hub.test,Utrecht,Waiting list,2030-01-13 09:30:00,',
      '',
    ]);
  });

  it('neutralises a name made to look like a formula, and quotes one with a comma', () => {
    const csv = attendeesCsv([
      anAttendee({ firstName: '=HYPERLINK("http://x.test")', lastName: 'Evil' }),
      anAttendee({ firstName: 'Smith,', lastName: 'John' }),
    ]);
    expect(csv).toContain(`\r\n"'=HYPERLINK(""http://x.test"") Evil",ada@hub.test,`);
    expect(csv).toContain('\r\n"Smith, John",ada@hub.test,');
  });

  it('leaves the e-mail cell empty when the API gave none', () => {
    expect(attendeesCsv([anAttendee({ email: '' })]).split('\r\n')[1]).toBe(
      'Ada Lovelace,,Utrecht,Attending,2030-01-10 09:30:00,',
    );
  });

  it('writes times as UTC date and time, nothing for none', () => {
    expect(csvTime('2030-03-01T18:05:07.123+01:00')).toBe('2030-03-01 17:05:07');
    expect(csvTime(null)).toBe('');
  });

  it('names the file after the event and its day', () => {
    expect(attendeesCsvFileName('Kubernetes: Meetup #3 (Zürich)', '2030-03-01T17:00:00.000Z')).toBe(
      'kubernetes-meetup-3-zurich-2030-03-01-attendees.csv',
    );
    expect(attendeesCsvFileName('!!!', 'soon')).toBe('event-attendees.csv');
  });
});
